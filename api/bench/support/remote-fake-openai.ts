import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FakeOpenAIOptions } from '../../test/fakes/fake-openai';
import { spawnBenchChild, type Cleanup } from './bench-kit';

/**
 * The fake model service (api/test/fakes/fake-openai.ts) in a child process of its own, so neither the
 * bench's clients nor the server share its event loop: under load a shared loop would delay the fake's
 * sends and the clients' reads alike and blur what is measured. Times it reports are on monotonicMs().
 */

/** A completion request as the fake saw it. */
export interface UpstreamCall {
  streamed: boolean;
  /** The text of the last user message: the bench makes it unique per turn. */
  userContent: string;
  body: unknown;
  receivedAt: number;
  /** Streamed calls: when each token was written to the socket. */
  tokensSentAt: number[];
}

export type FakeCommand =
  | { op: 'script-streamed'; text: string; count: number }
  | { op: 'reset' }
  | { op: 'latency'; ms: number }
  | { op: 'calls' }
  | { op: 'counts' }
  | { op: 'idle' };

export type FakeMessage =
  { kind: 'ready'; baseUrl: string } | { kind: 'answer'; id: number; result?: unknown; error?: string };

const childFile = join(__dirname, 'fake-openai-process.ts');

export interface FakeCounts {
  streamed: number;
  plain: number;
  /** TCP connections the fake accepted since it started (not reset). */
  connections: number;
}

export class RemoteFakeOpenAI {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.on('message', (message: FakeMessage) => {
      if (message.kind !== 'answer') return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`fake model service: ${message.error}`));
      else waiting?.resolve(message.result);
    });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`fake model service exited (${code})`));
      this.pending.clear();
    });
  }

  static async start(cleanup: Cleanup, options: FakeOpenAIOptions): Promise<RemoteFakeOpenAI> {
    const child = spawnBenchChild(childFile, { FAKE_OPENAI_OPTIONS: JSON.stringify(options) });
    cleanup.child('the fake model service', child);
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the fake model service did not start in 30 s')), 30_000);
      child.once('exit', (code) => reject(new Error(`the fake model service exited (${code}) before it was ready`)));
      child.once('message', (message: FakeMessage) => {
        clearTimeout(timer);
        if (message.kind === 'ready') resolve(message.baseUrl);
        else reject(new Error('the fake model service answered before it was ready'));
      });
    });
    return new RemoteFakeOpenAI(child, baseUrl);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The next `count` streamed calls answer `text` (plain calls keep the default echo). */
  scriptStreamed(text: string, count: number): Promise<void> {
    return this.call({ op: 'script-streamed', text, count }).then(() => undefined);
  }

  reset(): Promise<void> {
    return this.call({ op: 'reset' }).then(() => undefined);
  }

  /** From now on (until a reset), answers come `ms` after the request. */
  setLatency(ms: number): Promise<void> {
    return this.call({ op: 'latency', ms }).then(() => undefined);
  }

  /** Completion requests since the last reset, in arrival order. */
  calls(): Promise<UpstreamCall[]> {
    return this.call({ op: 'calls' }) as Promise<UpstreamCall[]>;
  }

  /** How many streamed and plain completion requests arrived since the last reset (cheap to poll). */
  counts(): Promise<FakeCounts> {
    return this.call({ op: 'counts' }) as Promise<FakeCounts>;
  }

  /** Resolves once no request is being answered. */
  idle(): Promise<void> {
    return this.call({ op: 'idle' }).then(() => undefined);
  }

  private call(command: FakeCommand): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, command });
    });
  }
}
