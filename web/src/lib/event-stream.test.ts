// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readEventStream as sut } from './event-stream';

type Event = { type: string; text?: string };

const encoder = new TextEncoder();

/** A streamed response delivering exactly these chunks (strings or raw bytes), then ending unless `open`. */
function streamed(chunks: (string | Uint8Array)[], { open = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      if (!open) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function readAll(response: Response, signal?: AbortSignal): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of sut<Event>(response, signal)) events.push(event);
  return events;
}

describe(sut.name, () => {
  it('yields each `data:` event as parsed JSON, in order', async () => {
    const response = streamed(['data: {"type":"token","text":"Hi"}\n\ndata: {"type":"done"}\n\n']);

    expect(await readAll(response)).toEqual([{ type: 'token', text: 'Hi' }, { type: 'done' }]);
  });

  it('joins events split across chunk boundaries, including the blank line ending them', async () => {
    const response = streamed([
      'data: {"type":"tok',
      'en","text":"Keep it"}\n',
      '\ndata: {"type":"token","text":" dry"}',
      '\n\n',
    ]);

    expect(await readAll(response)).toEqual([
      { type: 'token', text: 'Keep it' },
      { type: 'token', text: ' dry' },
    ]);
  });

  it('decodes a character whose bytes are split across chunks', async () => {
    const bytes = encoder.encode('data: {"type":"token","text":"café"}\n\n');
    const cut = bytes.length - 5; // inside the two bytes of "é"

    expect(await readAll(streamed([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual([{ type: 'token', text: 'café' }]);
  });

  it('ignores comment lines such as keep-alives', async () => {
    const response = streamed([': keep-alive\n\n', ': note\ndata: {"type":"done"}\n\n', ': keep-alive\n\n']);

    expect(await readAll(response)).toEqual([{ type: 'done' }]);
  });

  it('accepts `data:` without a space', async () => {
    expect(await readAll(streamed(['data:{"type":"done"}\n\n']))).toEqual([{ type: 'done' }]);
  });

  it('joins the lines of a multi-line data field', async () => {
    expect(await readAll(streamed(['data: {"type":\ndata: "token", "text": "x"}\n\n']))).toEqual([
      { type: 'token', text: 'x' },
    ]);
  });

  it('yields nothing for a response without a body', async () => {
    expect(await readAll(new Response(null, { status: 204 }))).toEqual([]);
  });

  it('stops, ending without an error, when the signal aborts while the stream stays open', async () => {
    const controller = new AbortController();
    const events = sut<Event>(streamed(['data: {"type":"token","text":"a"}\n\n'], { open: true }), controller.signal);

    expect(await events.next()).toEqual({ done: false, value: { type: 'token', text: 'a' } });
    const next = events.next();
    controller.abort();

    expect(await next).toEqual({ done: true, value: undefined });
  });
});
