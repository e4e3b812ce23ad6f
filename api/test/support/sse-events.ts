import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';

/** Parses a server-sent event stream of `data: <json>` frames as they arrive. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatTurnEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) yield JSON.parse(data) as ChatTurnEvent;
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}
