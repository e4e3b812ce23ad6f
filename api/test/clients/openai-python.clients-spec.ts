import { type FakeOpenAI, streamedCalls } from '../fakes/fake-openai';
import { type BuiltServer, startBuiltServer } from '../support/built-server';
import { openAiPython, runPythonClient, type PythonClientRun } from './python-client';

const AGENT = 'completions-only';
/** An agent the fixtures have, that the key is not given. */
const OTHER_AGENT = 'calls-tools';

type SentMessage = { role: string; content: string };

/**
 * The official Python `openai` package (from the registry, in a venv: OPENAI_PYTHON) against the built server in
 * its own process, as the README shows it; the fake model service behind. Run by `npm run test:clients -w api`.
 */
describe('The OpenAI-compatible API with the official Python openai package (the built server)', () => {
  let built: BuiltServer | undefined;
  let openai: FakeOpenAI;
  let run: PythonClientRun;

  beforeAll(async () => {
    openAiPython();
    built = await startBuiltServer('python');
    openai = built.openai;
    const key = await built.makeKey('python', [AGENT]);
    openai.script(
      { text: 'Hello from the agent.', match: streamedCalls },
      { text: 'One two three four five.', match: streamedCalls },
    );
    run = await runPythonClient(`${built.base}/v1`, key, AGENT, OTHER_AGENT);
  }, 90_000);
  afterAll(() => built?.stop());

  it('lists the agent the key may use as its only model', () => {
    expect(run.client).toMatch(/^openai \d+\.\d+/);
    expect(run.models).toEqual([AGENT]);
  });

  it('answers whole as the agent (its persona first, the client system message after it), usage counted', () => {
    expect(run.whole).toMatchObject({
      model: AGENT,
      content: 'Hello from the agent.',
      finish_reason: 'stop',
    });
    expect(run.whole.id).toMatch(/^chatcmpl-/);
    const [call] = openai.streamedRequests();
    const sent = (call.body as { messages: SentMessage[] }).messages;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toMatch(
      /^You are a test agent that answers with plain chat completions.*\n\nAnswer in one line\.$/s,
    );
    expect(sent.slice(1)).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(run.whole.usage).toEqual({
      prompt_tokens: call.promptTokens,
      completion_tokens: call.tokensSentAt!.length,
      total_tokens: call.promptTokens! + call.tokensSentAt!.length,
    });
  });

  it('streams chunks the client assembles into the answer, the finish reason, then a usage chunk', () => {
    const call = openai.streamedRequests()[1];
    const sent = (call.body as { messages: SentMessage[] }).messages;
    expect(sent[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/^You are a test agent/) });
    expect(sent.slice(1)).toEqual([{ role: 'user', content: 'Count' }]);
    expect(run.streamed).toMatchObject({
      first_delta_role: 'assistant',
      text: 'One two three four five.',
      finish_reason: 'stop',
      last_choices: 0,
    });
    expect(run.streamed.ids).toHaveLength(1);
    expect(run.streamed.ids[0]).toMatch(/^chatcmpl-/);
    // The role, the text (in one chunk or more), the finish reason, the usage: each its own chunk.
    expect(run.streamed.chunks).toBe(run.streamed.text_chunks + 3);
    expect(run.streamed.usage).toEqual({
      prompt_tokens: call.promptTokens,
      completion_tokens: call.tokensSentAt!.length,
      total_tokens: call.promptTokens! + call.tokensSentAt!.length,
    });
  });

  it('raises the errors the client knows: AuthenticationError, NotFoundError (model_not_found), BadRequestError (param)', () => {
    expect(run.bad_key).toMatchObject({ error: 'AuthenticationError', status: 401, code: 'invalid_api_key' });
    expect(run.forbidden_model).toMatchObject({
      error: 'NotFoundError',
      status: 404,
      code: 'model_not_found',
      param: 'model',
    });
    expect(run.bad_field).toMatchObject({
      error: 'BadRequestError',
      status: 400,
      param: 'temperature',
      type: 'invalid_request_error',
    });
    // The refused calls never reached the model: only the two answered ones did.
    expect(openai.streamedRequests()).toHaveLength(2);
  });
});
