import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type FakeOpenAI, streamedCalls } from '../fakes/fake-openai';
import { type BuiltServer, startBuiltServer } from '../support/built-server';

/** Debian's curl, unmodified: a client nobody here wrote. CI installs it when the machine lacks it (.ci/run). */
const CURL = '/usr/bin/curl';
const AGENT = 'completions-only';
/** Twenty words the fake streams one by one, 150 ms apart: the stream is long enough to be read while it runs. */
const WORDS = 20;
const SLOW_REPLY = Array.from({ length: WORDS }, (_, i) => `word${i + 1}`).join(' ');

interface CurlRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs curl with `-sS` and the given arguments; `onOutput` sees its standard output as it grows. */
function curl(args: string[], onOutput?: (stdoutSoFar: string) => void): Promise<CurlRun> {
  const child = spawn(CURL, ['-sS', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    stdout += text;
    onOutput?.(stdout);
  });
  child.stderr.on('data', (text: string) => (stderr += text));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Chunk = {
  id: string;
  object: string;
  model: string;
  choices: Array<{ index: number; delta: { role?: string; content?: string }; finish_reason: string | null }>;
};

/** The complete `data: {...}` lines of an event stream so far, parsed. */
const chunksIn = (stream: string): Chunk[] =>
  stream
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as Chunk);

const textOf = (chunks: Chunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

/**
 * The OpenAI-compatible API with curl, as its README shows: the built server in its own process (as production runs
 * it), the fake model service, and /usr/bin/curl as a child process.
 */
describe('The OpenAI-compatible API with curl (the built server)', () => {
  let built: BuiltServer | undefined;
  let openai: FakeOpenAI;
  let base: string;
  let key: string;

  const ask = (stream: boolean) =>
    JSON.stringify({ model: AGENT, messages: [{ role: 'user', content: 'Hi' }], ...(stream && { stream: true }) });
  const completions = (secret: string, body: string) => [
    `${base}/v1/chat/completions`,
    '-H',
    `Authorization: Bearer ${secret}`,
    '-H',
    'Content-Type: application/json',
    '-d',
    body,
  ];

  beforeAll(async () => {
    if (!existsSync(CURL)) throw new Error(`${CURL} is missing: install curl (apt-get install curl)`);
    built = await startBuiltServer('curl');
    ({ openai, base } = built);
    key = await built.makeKey('curl', [AGENT]);
  }, 60_000);
  beforeEach(() => openai.reset());
  afterAll(() => built?.stop());

  it('streams data: chunk lines ending with data: [DONE], the first read while the model still had words to send', async () => {
    openai.script({ text: SLOW_REPLY, tokenDelayMs: 150, match: streamedCalls });
    /** How many words the fake had sent when curl's output first held text, by the fake's own record. */
    let sentWhenFirstRead: number | undefined;
    const run = await curl(['-N', ...completions(key, ask(true))], (soFar) => {
      if (sentWhenFirstRead === undefined && textOf(chunksIn(soFar)) !== '')
        sentWhenFirstRead = openai.streamedRequests()[0]?.tokensSentAt?.length;
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });

    const lines = run.stdout.split('\n').filter((line) => line !== '');
    expect(lines.at(-1)).toBe('data: [DONE]');
    expect(lines.slice(0, -1).every((line) => line.startsWith('data: {'))).toBe(true);
    const chunks = chunksIn(run.stdout);
    expect(chunks.length).toBe(lines.length - 1);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0].id)).toBe(true);
    expect(chunks[0]).toMatchObject({ model: AGENT, choices: [{ index: 0, delta: { role: 'assistant' } }] });
    expect(chunks[0].id).toMatch(/^chatcmpl-/);
    expect(textOf(chunks)).toBe(SLOW_REPLY);
    expect(chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });

    // Several chunks of text, the first of them read by curl before the model had said its last word.
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content).length).toBeGreaterThan(1);
    expect(sentWhenFirstRead).toBeGreaterThanOrEqual(1);
    expect(sentWhenFirstRead).toBeLessThan(WORDS);
    expect(openai.streamedRequests()[0].tokensSentAt).toHaveLength(WORDS);
  });

  it('answers whole, without stream, as one chat.completion JSON with its usage', async () => {
    openai.script({ text: 'Hello from the agent.', match: streamedCalls });
    const run = await curl(completions(key, ask(false)));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const completion = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: AGENT,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the agent.' }, finish_reason: 'stop' }],
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    const [call] = openai.streamedRequests();
    expect(completion.usage).toEqual({
      prompt_tokens: call.promptTokens,
      completion_tokens: call.tokensSentAt!.length,
      total_tokens: call.promptTokens! + call.tokensSentAt!.length,
    });
  });

  it('lists the agents the key may use as models (GET /v1/models)', async () => {
    const run = await curl([`${base}/v1/models`, '-H', `Authorization: Bearer ${key}`]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      object: 'list',
      data: [{ id: AGENT, object: 'model', created: expect.any(Number), owned_by: 'agents' }],
    });
  });

  it("answers a bad key with 401 and OpenAI's error body, and never asks the model", async () => {
    const run = await curl(['-w', '\n%{http_code}', ...completions('mb-00000000-not-a-key', ask(true))]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [body, status] = [run.stdout.slice(0, run.stdout.lastIndexOf('\n')), run.stdout.split('\n').at(-1)];
    expect(status).toBe('401');
    expect(JSON.parse(body)).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
    expect(openai.completionRequests()).toEqual([]);
  });
});
