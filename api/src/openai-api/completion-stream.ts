import type { Response } from 'express';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { OpenAiErrorResponse } from '@mb/contracts/types/wire/openai-error-response';
import { chunkOf, type CompletionHead, usageChunkOf } from './completion-wire';

const HEARTBEAT_MS = 15_000;
/** How long a token may wait for the ones after it: at most one write per window, however fast tokens come. */
const TOKEN_WINDOW_MS = 25;

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/**
 * A reply as OpenAI streams one: server-sent `chat.completion.chunk`s, the role first, the text as it comes (a
 * window's tokens in one chunk), the finish reason, the usage when asked, then `data: [DONE]`. Uncompressed and
 * marked for proxies not to buffer (X-Accel-Buffering), kept alive through idle proxies while tools run.
 */
export class CompletionStream {
  private held = '';
  private sent = '';
  private pending?: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: Response,
    private readonly head: CompletionHead,
    private readonly includeUsage: boolean,
  ) {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.socket?.setNoDelay(true);
    this.write(data(chunkOf(head, { role: 'assistant', content: '' })));
    this.heartbeat = setInterval(() => this.flush(': keep-alive\n\n'), HEARTBEAT_MS);
    res.on('close', () => this.close());
  }

  text(token: string): void {
    this.held += token;
    if (this.pending) return;
    if (this.sent) {
      const timer = setTimeout(() => this.flush(), TOKEN_WINDOW_MS);
      this.pending = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.pending = () => clearImmediate(immediate);
    }
  }

  /** The reply is saved: what it says beyond what was streamed (an agent's text for an empty answer), then the end. */
  done(message: ChatMessage): void {
    this.flush();
    const rest = message.content.startsWith(this.sent) ? message.content.slice(this.sent.length) : '';
    let end = rest ? data(chunkOf(this.head, { content: rest })) : '';
    end += data(chunkOf(this.head, {}, 'stop'));
    if (this.includeUsage) end += data(usageChunkOf(this.head, message));
    this.finish(end + 'data: [DONE]\n\n');
  }

  /** A failure once the stream has begun: an error event, as OpenAI's clients read one mid-stream. */
  failed(error: OpenAiErrorResponse): void {
    this.flush();
    this.finish(data(error));
  }

  private flush(after = ''): void {
    this.pending?.();
    this.pending = undefined;
    const text = this.held;
    this.held = '';
    this.sent += text;
    const chunk = (text ? data(chunkOf(this.head, { content: text })) : '') + after;
    if (chunk) this.write(chunk);
  }

  private finish(last: string): void {
    this.write(last);
    this.close();
    if (!this.res.writableEnded) this.res.end();
  }

  private write(chunk: string): void {
    if (!this.res.writableEnded && !this.res.destroyed) this.res.write(chunk);
  }

  private close(): void {
    clearInterval(this.heartbeat);
    this.pending?.();
    this.pending = undefined;
  }
}
