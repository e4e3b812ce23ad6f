import { Inject, Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { type AppConfig, APP_CONFIG } from '../../config';
import { modelSettings } from '../model-settings';

/** Models known to see images (by name or the name's start), and known not to, checked in order. */
const KNOWN_VISION: Array<[prefix: string, sees: boolean]> = [
  ['gpt-4o', true],
  ['gpt-4.1', true],
  ['gpt-4-turbo', true],
  ['gpt-4-vision', true],
  ['gpt-5', true],
  ['o1-mini', false],
  ['o3-mini', false],
  ['o1', true],
  ['o3', true],
  ['o4-mini', true],
  ['gpt-4', false],
  ['gpt-3.5', false],
  ['llava', true],
  ['llama3.2-vision', true],
  ['qwen2.5vl', true],
  ['gemma3', true],
  ['claude-3', true],
  ['gemini', true],
];

/**
 * Whether an agent's model sees images: the agent file's `model.vision`, else the table of known models, else
 * OPENAI_VISION when the model is the server's default, else not (a photo a model cannot see is worse than none).
 */
@Injectable()
export class ModelVision {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  of(agent: AgentDefinition): boolean {
    if (agent.model.vision !== undefined) return agent.model.vision;
    const model = modelSettings(agent, this.config.openai.model).model;
    const known = KNOWN_VISION.find(([prefix]) => model.startsWith(prefix));
    if (known) return known[1];
    return model === this.config.openai.model ? (this.config.openai.vision ?? false) : false;
  }
}
