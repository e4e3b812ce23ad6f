import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';

const frame = (event: ChatTurnEvent) => `data: ${JSON.stringify(event)}\n\n`;
const streamHeaders = { 'content-type': 'text/event-stream' };

/** A turn's event stream the test writes event by event, and ends when it wants. */
export function liveEventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
  });
  return {
    response: new Response(body, { headers: streamHeaders }),
    push: (...events: ChatTurnEvent[]) => controller?.enqueue(encoder.encode(events.map(frame).join(''))),
    end: () => controller?.close(),
  };
}
