import type { Response } from 'express';
import type { ChatTurnEvent } from '../../../../schemas/types/wire/chat-turn-event';

const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: ChatTurnEvent): void;
  end(): void;
}

/** Server-sent events on an Express response: unbuffered, uncompressed, kept alive through idle proxies. */
export function openEventStream(res: Response): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  // no-transform keeps the compression middleware (and proxies) from holding tokens back.
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  const open = () => !res.writableEnded && !res.destroyed;
  const heartbeat = setInterval(() => open() && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  res.on('close', () => clearInterval(heartbeat));
  return {
    send(event) {
      if (open()) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (open()) res.end();
    },
  };
}
