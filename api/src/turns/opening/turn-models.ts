import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { assertMessageFits, ContextWindows, messageBudget, ModelClients, modelSettings, ModelVision } from '../../llm';
import { personaOf, personaPrompt } from '../../personas';
import type { ChatSessionEntity } from '../../sessions';
import type { TurnModel, TurnTuning } from '../run/opened-turn';

/** Reads the agent's model for a turn, once, as it opens: the opening judges by it, and the run fits by it. */
@Injectable()
export class TurnModels {
  constructor(
    private readonly clients: ModelClients,
    private readonly windows: ContextWindows,
    private readonly vision: ModelVision,
  ) {}

  /** `session` null: a new chat, which has the agent file's persona. A caller's instructions follow the persona, never replace it. */
  of(agent: AgentDefinition, session: ChatSessionEntity | null, tuning: TurnTuning = {}): TurnModel {
    const settings = modelSettings(agent, this.clients.defaultModel, tuning);
    const persona = personaPrompt(personaOf(agent, session));
    const systemPrompt = tuning.instructions ? `${persona}\n\n${tuning.instructions}` : persona;
    const windowTokens = this.windows.windowOf(settings.model, agent.model.contextWindow);
    const budgetTokens = messageBudget({ systemPrompt, maxTokens: settings.maxTokens, windowTokens });
    return { settings, systemPrompt, windowTokens, budgetTokens, seesImages: this.vision.of(agent) };
  }
}

/** A message the agent's model cannot read in one call is refused whole, never cut. */
export function assertFits(model: TurnModel, content: string): void {
  const { systemPrompt, settings, windowTokens } = model;
  assertMessageFits({ systemPrompt, maxTokens: settings.maxTokens, windowTokens }, { role: 'user', content });
}
