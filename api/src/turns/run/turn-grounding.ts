import { Injectable } from '@nestjs/common';
import { ownerOf } from '../../access';
import { AgentKnowledge, KNOWLEDGE_SHARE, knowledgeQuestion } from '../../knowledge';
import { type Grounding, messageBudget, messageTokens, type ModelMessage } from '../../llm';
import { AgentMemory } from '../../memory';
import type { OpenedTurn } from './opened-turn';

/** The memory's share of what one message may take of the window: the newest facts beyond it wait for a larger one. */
export const MEMORY_SHARE = 0.15;

const share = (room: number, part: number, left: number) => Math.max(0, Math.min(Math.floor(room * part), left));

/** Whose memory a turn reads and keeps: its viewer's, else its chat owner's (a turn no one opened in person). */
export const memoryOwnerOf = (opened: Pick<OpenedTurn, 'viewer' | 'session'>): string | null =>
  opened.viewer ? ownerOf(opened.viewer) : opened.session.owner;

/**
 * What a turn's agent brings besides its persona, for each window the call is fitted to: what it remembers for the
 * person, then its knowledge files. Both come after the message itself, which keeps the room it was judged by when
 * the turn opened: the memory takes what its facts need within its share (15%) of what is left beside the message,
 * the knowledge within its share (50%) of the rest, and the recent conversation keeps what remains.
 */
@Injectable()
export class TurnGrounding {
  constructor(
    private readonly knowledge: AgentKnowledge,
    private readonly memory: AgentMemory,
  ) {}

  async of(opened: OpenedTurn, conversation: ModelMessage[], signal: AbortSignal): Promise<Grounding | undefined> {
    const { agent, model } = opened;
    if (!this.knowledge.has(agent) && !this.memory.settingsOf(agent)) return undefined;
    const owner = memoryOwnerOf(opened);
    const newest = conversation.at(-1);
    const ask = knowledgeQuestion(conversation);
    const within = async (windowTokens: number): Promise<Grounding> => {
      const room = messageBudget({
        systemPrompt: model.systemPrompt,
        maxTokens: model.settings.maxTokens,
        windowTokens,
      });
      let left = room - (newest ? messageTokens(newest) : 0);
      const remembered = await this.memory.ground(agent, owner, share(room, MEMORY_SHARE, left));
      left -= remembered?.read.tokens ?? 0;
      const known = await this.knowledge.ground(agent, ask, share(room, KNOWLEDGE_SHARE, left), signal);
      return {
        text: [remembered?.text, known?.text].filter(Boolean).join('\n\n'),
        provenance: {
          ...(known && { knowledge: known.read }),
          ...(remembered && { memory: remembered.read }),
        },
        refit: within,
      };
    };
    return within(model.windowTokens);
  }
}
