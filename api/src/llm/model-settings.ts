import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ModelSettings } from './strategies/reply-strategy';

/** The spec's defaults when a call names no agent. */
export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 1500;

export function modelSettings(
  agent: AgentDefinition | undefined,
  defaultModel: string,
  overrides: Partial<Pick<ModelSettings, 'temperature' | 'maxTokens' | 'responseFormat'>> = {},
): ModelSettings {
  return {
    model: agent?.model.name ?? defaultModel,
    temperature: overrides.temperature ?? agent?.model.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: overrides.maxTokens ?? agent?.model.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(overrides.responseFormat && { responseFormat: overrides.responseFormat }),
  };
}
