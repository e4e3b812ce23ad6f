/**
 * Typed client of the fake upstreams' control server (fake-upstreams.ts), for the browser tests:
 * script what the fake OpenAI and Serper answer, read what the app sent them, reset them.
 */
import type { ScriptedReply as FakeScriptedReply } from '../../api/test/fakes/fake-openai';
import type { ScriptedSearch, SerperResult } from '../../api/test/fakes/fake-serper';
import { CONTROL_BASE_URL } from './e2e-env';

/** Which completion requests a scripted reply applies to; all given conditions must hold. */
export interface ReplyMatch {
  /** true: only streamed calls (chat turns); false: only plain calls (summaries, one-shot replies). */
  streamed?: boolean;
  /** Only requests whose last user message contains this text. */
  lastUserMessageContains?: string;
}

/** FakeOpenAI's ScriptedReply, with a declarative match instead of a function (a script crosses HTTP). */
export type ScriptedReply = Omit<FakeScriptedReply, 'match'> & {
  /** Default: any request. A reply that does not match is skipped (kept for a later request). */
  match?: ReplyMatch;
};

export type { ScriptedSearch, SerperResult };

/** FakeOpenAI options that can be changed until the next reset. */
export interface OpenAIOptions {
  latencyMs?: number;
  tokenDelayMs?: number;
  acceptedKeys?: string[];
  model?: string;
  /** Refuse, as the real service does (context_length_exceeded, saying the limit), calls longer than this many tokens. */
  contextWindow?: number;
}

/** A request as a fake received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-case header names, as Node received them. */
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON; the raw text when it is not JSON; absent when empty. */
  body?: unknown;
  /** The fake process's performance.now() on arrival: only for comparing requests with each other. */
  receivedAt: number;
  /** Completions: the tokens of the messages as the fake model counts them. */
  promptTokens?: number;
}

/** A function call the model asked for, as the app sends it back in the conversation. */
export interface CompletionToolCall {
  id: string;
  function: { name: string; arguments: string };
}

/** What the tests read of a chat completions call the app made. */
export interface ChatCompletionBody {
  stream?: boolean;
  /** A tool's answer is a `tool` message naming the call it answers; the call is in the `assistant` message before it. */
  messages: { role: string; content: string; tool_call_id?: string; tool_calls?: CompletionToolCall[] }[];
  /** The functions offered to the model, when the agent has tools and may still use them. */
  tools?: { type: string; function: { name: string } }[];
}

export type CompletionRequest = RecordedRequest & { body: ChatCompletionBody };

export class UpstreamControl {
  constructor(readonly baseUrl: string = CONTROL_BASE_URL) {}

  /** Queues replies of the fake OpenAI, used in order by the requests they match. */
  async scriptReply(reply: ScriptedReply | ScriptedReply[]): Promise<void> {
    await this.call('POST', '/control/openai/script', reply);
  }

  /** Queues answers of the fake Serper, used in order. */
  async scriptSearch(search: ScriptedSearch | ScriptedSearch[]): Promise<void> {
    await this.call('POST', '/control/serper/script', search);
  }

  /** Changes the fake OpenAI's options (latency, accepted keys, …) until the next reset. */
  async setOpenAIOptions(options: OpenAIOptions): Promise<void> {
    await this.call('POST', '/control/openai/options', options);
  }

  /** Both fakes back to their start options, with no scripts and no recorded requests. */
  async reset(): Promise<void> {
    await this.call('POST', '/control/reset');
  }

  /** Every request the fake OpenAI received since the last reset, in arrival order. */
  async openaiRequests(): Promise<RecordedRequest[]> {
    return (await this.call('GET', '/control/openai/requests')) as RecordedRequest[];
  }

  /** The fake OpenAI's POST /v1/chat/completions requests since the last reset. */
  async completionRequests(): Promise<CompletionRequest[]> {
    return (await this.openaiRequests()).filter(
      (r): r is CompletionRequest => r.method === 'POST' && r.path.split('?')[0] === '/v1/chat/completions',
    );
  }

  /** Every request the fake Serper received since the last reset, in arrival order. */
  async serperRequests(): Promise<RecordedRequest[]> {
    return (await this.call('GET', '/control/serper/requests')) as RecordedRequest[];
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Upstream control ${method} ${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  }
}

/** The control client of the fake upstreams started by playwright.config.ts. */
export const upstreamControl = new UpstreamControl();

export const scriptReply = (reply: ScriptedReply | ScriptedReply[]) => upstreamControl.scriptReply(reply);
export const scriptSearch = (search: ScriptedSearch | ScriptedSearch[]) => upstreamControl.scriptSearch(search);
export const setOpenAIOptions = (options: OpenAIOptions) => upstreamControl.setOpenAIOptions(options);
export const reset = () => upstreamControl.reset();
export const openaiRequests = () => upstreamControl.openaiRequests();
export const serperRequests = () => upstreamControl.serperRequests();
