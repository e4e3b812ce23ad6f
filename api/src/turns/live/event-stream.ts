import type { Response } from 'express';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';

const HEARTBEAT_MS = 15_000;
/** How long a token may wait for the ones after it: a stream writes at most once per window. */
export const TOKEN_WINDOW_MS = 25;

export interface EventStream {
  send(event: ChatTurnEvent): void;
  end(): void;
}

const frame = (event: ChatTurnEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * Batches a stream's consecutive tokens into one `token` event per write: a token waits at most the window
 * for the ones that follow it, so a stream writes at most once per window however fast its tokens come.
 * The reply's first text leaves on the next turn of the event loop (with whatever arrived in the same turn).
 * Any other event first writes the held text, in the same write, so the order is kept.
 */
export class EventWriter {
  private held = '';
  private cancelPending?: () => void;
  private wroteText = false;

  constructor(
    private readonly write: (chunk: string) => void,
    private readonly windowMs = TOKEN_WINDOW_MS,
  ) {}

  send(event: ChatTurnEvent): void {
    if (event.type !== 'token') return this.flush(frame(event));
    this.held += event.text;
    if (this.cancelPending) return;
    if (this.wroteText) {
      const timer = setTimeout(() => this.flush(), this.windowMs);
      this.cancelPending = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.cancelPending = () => clearImmediate(immediate);
    }
  }

  /** Writes the held text, then `after` (an event or a comment), as one write. */
  flush(after = ''): void {
    this.cancelPending?.();
    this.cancelPending = undefined;
    if (this.held) this.wroteText = true;
    const chunk = (this.held ? frame({ type: 'token', text: this.held }) : '') + after;
    this.held = '';
    if (chunk) this.write(chunk);
  }

  /** The client is gone: whatever is held is dropped. */
  discard(): void {
    this.cancelPending?.();
    this.cancelPending = undefined;
    this.held = '';
  }
}

/** Server-sent events on an Express response: uncompressed, tokens batched per write, kept alive through idle proxies. */
export function openEventStream(res: Response): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  // no-transform keeps the compression middleware (and proxies) from holding events back.
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.socket?.setNoDelay(true);
  // The headers leave with the first events written in this turn of the event loop (one socket write, where
  // flushing them first would take two: on this machine a write costs more than building a whole event);
  // a stream with nothing to say yet sends them on its own right after.
  process.nextTick(() => {
    if (!res.headersSent && !res.destroyed) res.flushHeaders();
  });
  const open = () => !res.writableEnded && !res.destroyed;
  const writer = new EventWriter((chunk) => open() && res.write(chunk));
  const heartbeat = setInterval(() => writer.flush(': keep-alive\n\n'), HEARTBEAT_MS);
  res.on('close', () => {
    clearInterval(heartbeat);
    writer.discard();
  });
  return {
    send: (event) => writer.send(event),
    end() {
      clearInterval(heartbeat);
      writer.flush();
      if (open()) res.end();
    },
  };
}
