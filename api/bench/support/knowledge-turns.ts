import type { AgentKnowledgeStatus } from '@mb/contracts/types/wire/agent-knowledge';
import type { KnowledgeRead } from '@mb/contracts/types/wire/chat-message';
import { readEvents } from '../../test/support/sse-events';
import { monotonicMs, sleep } from './bench-kit';
import type { RemoteFakeOpenAI } from './remote-fake-openai';

/** What one streamed turn showed the client: request sent -> the first token event, and what knowledge it read. */
export interface KnowledgeTurn {
  firstTokenMs: number;
  read?: KnowledgeRead['read'];
  knowledgeTokens?: number;
}

/** One turn in a new chat of `agentType`, read to its end as a browser does; anything but a reply is an error. */
export async function knowledgeTurn(
  base: string,
  cookie: string,
  agentType: string,
  content: string,
): Promise<KnowledgeTurn> {
  const sentAt = monotonicMs();
  const res = await fetch(`${base}/api/chat/turns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ agentType, content }),
    signal: AbortSignal.timeout(60_000),
  });
  if (res.status !== 200 || !res.body) throw new Error(`${agentType}: answered ${res.status}: ${await res.text()}`);
  let firstTokenAt: number | undefined;
  for await (const event of readEvents(res.body)) {
    if (event.type === 'token') firstTokenAt ??= monotonicMs();
    else if (event.type === 'error') throw new Error(`${agentType}: error event ${event.code}: ${event.message}`);
    else if (event.type === 'done') {
      if (firstTokenAt === undefined) throw new Error(`${agentType}: the reply streamed no token`);
      const knowledge = event.message.provenance?.knowledge;
      return { firstTokenMs: firstTokenAt - sentAt, read: knowledge?.read, knowledgeTokens: knowledge?.tokens };
    }
  }
  throw new Error(`${agentType}: the stream ended without its reply`);
}

/** Until the server says none of the agent's knowledge files is being read. */
export async function knowledgeReady(base: string, cookie: string, agentType: string): Promise<void> {
  const deadline = monotonicMs() + 5 * 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/agents/${agentType}/knowledge`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${agentType}: knowledge answered ${res.status}`);
    const status = (await res.json()) as AgentKnowledgeStatus;
    if (!status.indexing) {
      const unread = status.files.find((file) => file.status !== 'ready');
      if (unread) throw new Error(`${agentType}: ${unread.file} is ${unread.status}`);
      return;
    }
    if (monotonicMs() > deadline) throw new Error(`${agentType}: its knowledge was not read in 5 minutes`);
    await sleep(100);
  }
}

/** Waits for the summary call each new chat's turn makes after its reply, so no turn shares the server with one. */
export async function afterSummaries(fake: RemoteFakeOpenAI, turns: number): Promise<void> {
  const deadline = monotonicMs() + 10_000;
  while ((await fake.counts()).plain < turns) {
    if (monotonicMs() > deadline) throw new Error(`fewer than ${turns} summary calls arrived within 10 s`);
    await sleep(5);
  }
  await fake.idle();
}
