import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnowledgeRead } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { FakeOpenAI } from '../fakes/fake-openai';
import { fixtureAgentsDir } from './fixture-agents';
import { only } from './turn-client';

/** A private copy of the fixture agents, with files written into their knowledge folders before an app reads them. */
export class KnowledgeAgents {
  readonly dir = mkdtempSync(join(tmpdir(), 'mb-knowledge-agents-'));

  constructor() {
    cpSync(fixtureAgentsDir, this.dir, { recursive: true });
  }

  /** Writes `bytes` as knowledge/<agent>/<name>; answers its path under the agents folder. */
  write(agent: string, name: string, bytes: Buffer | string): string {
    writeFileSync(join(this.dir, 'knowledge', agent, name), bytes);
    return `knowledge/${agent}/${name}`;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The system message of the `index`th streamed call (the last by default): the persona, then what the agent brings. */
export function systemPromptOf(openai: FakeOpenAI, index = -1): string {
  const call = openai.streamedRequests().at(index);
  const messages = (call?.body as { messages: Array<{ role: string; content: string }> } | undefined)?.messages ?? [];
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

/** What the saved reply's provenance says of the knowledge it read. */
export function knowledgeOf(events: ChatTurnEvent[]): KnowledgeRead {
  const knowledge = only(events, 'done').message.provenance?.knowledge;
  if (!knowledge) throw new Error('the reply read no knowledge');
  return knowledge;
}
