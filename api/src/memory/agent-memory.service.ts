import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AppError } from '../common/app-error';
import { tokensOf } from '../llm';
import type { MemoryFacts } from '../tools';
import { type MemorySettings, memorySettingsOf } from './memory-settings';
import type { ChatScope } from '../sessions';
import { type FactOwner, type ListedFact, type MemoryFact, MemoryStore } from './memory.store';

/** What the model reads of the facts in one call, and what the reply's provenance keeps of that. */
export interface MemoryGrounding {
  text: string;
  read: { facts: number; total: number; tokens: number };
}

/** How the model and the page name a fact: the first eight characters of its id. */
export const shortId = (fact: Pick<MemoryFact, 'id'>) => fact.id.slice(0, 8);

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A fact refused, in a sentence the model passes on and the page shows. */
export class MemoryRefusal extends Error {}

/**
 * An agent's memory across chats, for one owner (a person, a guest, or the circle): kept and dropped by the model's
 * remember and forget tools, listed, edited and deleted from the agent's page, given to the model within a budget.
 * Its limits are enforced with a sentence, never by dropping old facts.
 */
@Injectable()
export class AgentMemory {
  constructor(private readonly store: MemoryStore) {}

  settingsOf(agent: AgentDefinition): MemorySettings | undefined {
    return memorySettingsOf(agent);
  }

  /** The settings of an agent that has memory; anything else is refused as a missing memory. */
  enabled(agent: AgentDefinition): MemorySettings {
    const settings = memorySettingsOf(agent);
    if (!settings) throw AppError.notFound(`Memory of agent "${agent.id}"`);
    return settings;
  }

  facts(agent: AgentDefinition, owner: string | null): Promise<MemoryFact[]> {
    return this.store.list({ agentId: agent.id, owner });
  }

  /** What the tools of one turn act on: the owner's facts, a new one kept with the turn's chat as its source. */
  toolsFor(agent: AgentDefinition, owner: string | null, sessionId: string | null): MemoryFacts | undefined {
    const settings = memorySettingsOf(agent);
    if (!settings) return undefined;
    const who = { agentId: agent.id, owner };
    return {
      remember: async (fact) => {
        const text = this.checked(fact, settings);
        const added = await this.store.add(who, text, 'chat', sessionId, settings.maxFacts);
        if (added.kind === 'full') throw new MemoryRefusal(fullSentence(settings));
        if (added.kind === 'duplicate') return `Already remembered [${shortId(added.fact)}]: ${added.fact.text}`;
        return `Remembered [${shortId(added.fact)}]: ${added.fact.text}`;
      },
      forget: async (id) => {
        const fact = await this.byShortId(who, id);
        await this.store.remove(who, fact.id);
        return `Forgotten [${shortId(fact)}]: ${fact.text}`;
      },
    };
  }

  /**
   * The facts for the model within `budget` tokens: all of them, oldest first; when they do not all fit, the newest
   * that do, and a line saying how many older ones are kept but not shown. Undefined for an agent without memory.
   */
  async ground(agent: AgentDefinition, owner: string | null, budget: number): Promise<MemoryGrounding | undefined> {
    const settings = memorySettingsOf(agent);
    if (!settings) return undefined;
    const facts = await this.facts(agent, owner);
    const head = memoryHead(settings, facts.length);
    if (tokensOf(head) > budget) return { text: '', read: { facts: 0, total: facts.length, tokens: 0 } };
    const lines = facts.map((fact) => `[${shortId(fact)}] ${fact.text}`);
    let used = tokensOf(head);
    let first = lines.length;
    while (first > 0 && used + tokensOf(lines[first - 1]) + 1 <= budget) used += tokensOf(lines[--first]) + 1;
    const hidden = first
      ? [`(${plural(first, 'older fact')} kept but not shown here: this chat's model has no room for them.)`]
      : [];
    const text = [head, ...hidden, ...lines.slice(first)].join('\n');
    return { text, read: { facts: lines.length - first, total: facts.length, tokens: tokensOf(text) } };
  }

  /** The owner's facts as the page lists them, each with its chat's title when `scope` sees that chat. */
  listed(agent: AgentDefinition, owner: string | null, scope: ChatScope): Promise<ListedFact[]> {
    this.enabled(agent);
    return this.store.listed({ agentId: agent.id, owner }, scope);
  }

  /** Brings facts in (an export of this agent's memory or another's) while there is room; too long ones stay out. */
  async import(
    agent: AgentDefinition,
    owner: string | null,
    facts: Array<{ text: string; createdAt: Date; updatedAt: Date }>,
  ): Promise<{ imported: number; duplicates: number; refused: number }> {
    const settings = this.enabled(agent);
    const tidy = facts.map((fact) => ({ ...fact, text: fact.text.trim().replace(/\s+/g, ' ') }));
    const fitting = tidy.filter((fact) => fact.text && fact.text.length <= settings.maxFactChars);
    const counts = await this.store.addMany({ agentId: agent.id, owner }, fitting, settings.maxFacts);
    return { ...counts, refused: counts.refused + tidy.length - fitting.length };
  }

  async edit(agent: AgentDefinition, owner: string | null, id: string, text: string): Promise<MemoryFact> {
    const settings = this.enabled(agent);
    let checked: string;
    try {
      checked = this.checked(text, settings);
    } catch (error) {
      throw AppError.validation([(error as Error).message]);
    }
    const fact = isUuid(id) ? await this.store.update({ agentId: agent.id, owner }, id, checked) : undefined;
    if (!fact) throw AppError.notFound('Memory fact');
    return fact;
  }

  async delete(agent: AgentDefinition, owner: string | null, id: string): Promise<void> {
    this.enabled(agent);
    const fact = isUuid(id) ? await this.store.remove({ agentId: agent.id, owner }, id) : undefined;
    if (!fact) throw AppError.notFound('Memory fact');
  }

  deleteAll(agent: AgentDefinition, owner: string | null): Promise<number> {
    this.enabled(agent);
    return this.store.removeAll({ agentId: agent.id, owner });
  }

  /** A fact's text as kept (spaces tidied), or the sentence refusing it. */
  private checked(text: string, settings: MemorySettings): string {
    const tidy = text.trim().replace(/\s+/g, ' ');
    if (!tidy) throw new MemoryRefusal('Not kept: the fact is empty.');
    if (tidy.length > settings.maxFactChars)
      throw new MemoryRefusal(
        `Not kept: a fact may have at most ${plural(settings.maxFactChars, 'character')}, and this one has ` +
          `${tidy.length.toLocaleString('en-US')}. Say it shorter, one fact at a time.`,
      );
    return tidy;
  }

  private async byShortId(who: FactOwner, id: string): Promise<MemoryFact> {
    const wanted = id
      .trim()
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    const matching = wanted.length >= 6 ? (await this.store.list(who)).filter((f) => f.id.startsWith(wanted)) : [];
    if (matching.length === 1) return matching[0];
    throw new MemoryRefusal(
      `No remembered fact has the id "${id}": give the id in brackets before a fact in the list of what you remember.`,
    );
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

const fullSentence = (settings: MemorySettings) =>
  `Not kept: this assistant's memory is full (${plural(settings.maxFacts, 'fact')}), and old facts are never ` +
  `dropped to make room. Tell the user that nothing more can be remembered until they delete facts in the ` +
  `assistant's Memory panel, or forget a fact that is no longer true first.`;

/** What the model is told of its memory before the facts. */
function memoryHead(settings: MemorySettings, count: number): string {
  return [
    '# What you remember',
    'Facts you kept with the remember tool in earlier chats with this user, oldest first, each after its id in ' +
      'brackets. Use them when they bear on the question. When the user asks you to forget something ("forget ' +
      'that") or a fact is no longer true, call forget with its id; call remember for something new worth knowing ' +
      `in later chats. Memory holds at most ${plural(settings.maxFacts, 'fact')} of at most ` +
      `${plural(settings.maxFactChars, 'character')} each; ${count ? `${plural(count, 'fact is', 'facts are')} kept` : 'none is kept yet'}.`,
  ].join('\n');
}
