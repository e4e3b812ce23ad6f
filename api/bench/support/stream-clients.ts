import { readEvents } from '../../test/support/sse-events';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newDataDir } from '../../test/support/data-dirs';
import { BENCH_AGENT, BENCH_KEY, monotonicMs, type Cleanup } from './bench-kit';
import { RemoteFakeOpenAI } from './remote-fake-openai';

/** The model service the benches stream from: the fake's timing and reply. */
export const UPSTREAM_FIRST_BYTE_MS = 50;
export const UPSTREAM_TOKEN_GAP_MS = 20;
export const REPLY_TOKENS = 80;
/** One word per token: the fake streams a text word by word. */
export const REPLY_TEXT = Array.from({ length: REPLY_TOKENS }, (_, i) => `word${i + 1}`).join(' ');
const TURN_TIMEOUT_MS = 60_000;

export interface TurnOutcome {
  content: string;
  sentAt: number;
  /** When each token event was parsed. */
  tokenAt: number[];
  text: string;
  failure?: string;
}

/** One streaming turn in a new chat, read as a browser does, to the end of the stream. */
export async function streamTurn(base: string, cookie: string, content: string): Promise<TurnOutcome> {
  const outcome: TurnOutcome = { content, sentAt: monotonicMs(), tokenAt: [], text: '' };
  try {
    const res = await fetch(`${base}/api/chat/turns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ agentType: BENCH_AGENT, content }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    });
    if (res.status !== 200 || !res.body) {
      outcome.failure = `answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
      return outcome;
    }
    let ending: string | undefined;
    for await (const event of readEvents(res.body)) {
      if (event.type === 'token') {
        outcome.tokenAt.push(monotonicMs());
        outcome.text += event.text;
      } else if (event.type === 'error') ending = `error event ${event.code}: ${event.message}`;
      else if (event.type === 'done' || event.type === 'stopped') ending = event.type;
    }
    if (ending !== 'done') outcome.failure = `stream ended with ${ending ?? 'no ending event'}`;
    else if (outcome.text !== REPLY_TEXT)
      outcome.failure = `relayed ${tokenCount(outcome.text)} of ${REPLY_TOKENS} tokens or altered them`;
  } catch (error) {
    outcome.failure = `${(error as Error).name}: ${(error as Error).message}`;
  }
  return outcome;
}

/** The same streamed call made straight to the fake, as a client of the model service would: request sent -> first token. */
export async function streamDirect(baseUrl: string, content: string): Promise<number | string> {
  const sentAt = monotonicMs();
  try {
    const res = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content }] }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    });
    if (res.status !== 200 || !res.body) return `answered ${res.status}`;
    let firstTokenAt: number | undefined;
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      if (firstTokenAt === undefined && /"content":"[^"]/.test(decoder.decode(chunk as Uint8Array, { stream: true })))
        firstTokenAt = monotonicMs();
    }
    return firstTokenAt === undefined ? 'streamed no token' : firstTokenAt - sentAt;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

export const tokenCount = (text: string) => text.match(/\S+\s*/g)?.length ?? 0;

/**
 * What a streaming bench starts with: a folder of its own (removed at cleanup) whose tmp/ is the servers' own
 * temporary folder (the embedded database's socket stays under it), and the fake model service with the
 * timing above.
 */
export async function streamingBenchSetup(
  cleanup: Cleanup,
  prefix: string,
): Promise<{ root: string; serverTmp: string; fake: RemoteFakeOpenAI }> {
  const root = newDataDir(prefix);
  cleanup.add('the temporary directory', () => rmSync(root, { recursive: true, force: true }));
  const serverTmp = join(root, 'tmp');
  mkdirSync(serverTmp);
  const fake = await RemoteFakeOpenAI.start(cleanup, {
    latencyMs: UPSTREAM_FIRST_BYTE_MS,
    tokenDelayMs: UPSTREAM_TOKEN_GAP_MS,
    acceptedKeys: [BENCH_KEY],
  });
  return { root, serverTmp, fake };
}
