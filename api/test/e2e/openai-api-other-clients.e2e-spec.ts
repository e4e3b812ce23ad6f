import { createOpenAI } from '@ai-sdk/openai';
import { AIMessage, type AIMessageChunk, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { APICallError, generateObject, generateText, jsonSchema, streamText } from 'ai';
import { streamedCalls } from '../fakes/fake-openai';
import { makeApiKey } from '../support/api-keys';
import { conversationAppPerSuite } from '../support/model-fakes';

const AGENT = 'completions-only';

type SentMessage = { role: string; content: string | null };
type Sent = { model: string; messages: SentMessage[]; stream?: boolean; stream_options?: unknown };

/**
 * A streamed reply the fake holds after its first two words until the client has text (release), so the client
 * must assemble it from pieces: the API writes the tokens of one short window together.
 */
function heldReply(text: string) {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { reply: { text, holdAfter: { tokens: 2, until }, match: streamedCalls }, release };
}

/** A fetch that keeps each JSON body the client sends, so a test sees the client's own request. */
function recordingFetch() {
  const bodies: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Sent);
    return globalThis.fetch(input, init);
  };
  return { bodies, fetch };
}

describe('The OpenAI-compatible API with other clients nobody here wrote (e2e)', () => {
  const env = conversationAppPerSuite();

  /** What reached the model for the only call: the agent's persona first, then the client's messages. */
  const expectPersonaFirst = (userText: string) => {
    const [call] = env.openai.streamedRequests();
    const { messages } = call.body as { messages: SentMessage[] };
    expect(messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/^You are /) });
    expect(messages.slice(1)).toEqual([{ role: 'user', content: userText }]);
    return call;
  };

  /** What reached the model for a conversation a client sent with a system message, temperature 0.2 and 77 tokens. */
  const expectConversationSent = () => {
    const [call] = env.openai.streamedRequests();
    const sent = call.body as { temperature: number; max_tokens: number; messages: SentMessage[] };
    expect(sent.messages[0].content).toMatch(/^You are .*\n\nAnswer in French\.$/s);
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Bonjour.' },
      { role: 'user', content: 'How are you?' },
    ]);
    expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 77 });
  };

  /** A JSON Schema of a structured answer, and what the model answers by it. */
  const SUM_SCHEMA = {
    type: 'object' as const,
    properties: { result: { type: 'number' as const } },
    required: ['result'],
    additionalProperties: false,
  };
  const SUM = { result: 14 };

  /** The structured answer's schema reached the model as OpenAI's response_format. */
  const expectSchemaSent = () => {
    const [call] = env.openai.streamedRequests();
    expect((call.body as { response_format?: unknown }).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: expect.objectContaining({ properties: SUM_SCHEMA.properties }) },
    });
  };

  describe('LangChain JS (@langchain/openai ChatOpenAI)', () => {
    const chatModel = async (apiKey: string, fetch: typeof globalThis.fetch, settings: object = {}) =>
      new ChatOpenAI({
        model: AGENT,
        apiKey,
        streamUsage: true,
        configuration: { baseURL: `${await env.sut.url()}/v1`, fetch },
        ...settings,
      });

    it('invokes the agent: the whole answer and its usage', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'langchain invoke' });
      env.openai.script({ text: 'Hello from the agent.', match: streamedCalls });
      const sent = recordingFetch();
      const answer = await (await chatModel(secret, sent.fetch)).invoke([['human', 'Hi']]);
      expect(answer.content).toBe('Hello from the agent.');
      const call = expectPersonaFirst('Hi');
      expect(answer.usage_metadata).toMatchObject({
        input_tokens: call.promptTokens,
        output_tokens: call.tokensSentAt!.length,
        total_tokens: call.promptTokens! + call.tokensSentAt!.length,
      });
      expect(sent.bodies).toEqual([
        expect.objectContaining({ model: AGENT, messages: [{ role: 'user', content: 'Hi' }], stream: false }),
      ]);
    });

    it('streams the agent answer, assembled, with the usage in a last chunk', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'langchain stream' });
      const held = heldReply('One two three four.');
      env.openai.script(held.reply);
      const sent = recordingFetch();
      let whole: AIMessageChunk | undefined;
      const texts: string[] = [];
      for await (const chunk of await (await chatModel(secret, sent.fetch)).stream([['human', 'Count']])) {
        whole = whole ? whole.concat(chunk) : chunk;
        if (chunk.text) texts.push(chunk.text);
        held.release();
      }
      expect(texts.length).toBeGreaterThan(1);
      expect(texts.join('')).toBe('One two three four.');
      expect(whole?.content).toBe('One two three four.');
      const call = expectPersonaFirst('Count');
      expect(whole?.usage_metadata).toMatchObject({
        input_tokens: call.promptTokens,
        output_tokens: call.tokensSentAt!.length,
      });
      expect(sent.bodies[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('sends a conversation with its system message and settings: the persona first, then them', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'langchain conversation' });
      env.openai.script({ text: 'Très bien.', match: streamedCalls });
      const sent = recordingFetch();
      const model = await chatModel(secret, sent.fetch, { temperature: 0.2, maxTokens: 77 });
      const answer = await model.invoke([
        new SystemMessage('Answer in French.'),
        new HumanMessage('Hi'),
        new AIMessage('Bonjour.'),
        new HumanMessage('How are you?'),
      ]);
      expect(answer.content).toBe('Très bien.');
      expectConversationSent();
      expect(sent.bodies[0]).toMatchObject({ temperature: 0.2, max_tokens: 77 });
    });

    it('answers with structured output: the schema goes to the model, the object comes back', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'langchain structured' });
      env.openai.script({ text: JSON.stringify(SUM), match: streamedCalls });
      const model = (await chatModel(secret, fetch)).withStructuredOutput(SUM_SCHEMA, {
        name: 'sum',
        method: 'jsonSchema',
      });
      expect(await model.invoke('What is 2*(3+4)?')).toEqual(SUM);
      expectSchemaSent();
    });

    it('surfaces a bad key as a 401 error at once, with its default retries', async () => {
      const sent = recordingFetch();
      const refused = await (await chatModel('sk-not-a-key', sent.fetch)).invoke('Hi').catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 401, code: 'invalid_api_key', lc_error_code: 'MODEL_AUTHENTICATION' });
      expect(sent.bodies).toHaveLength(1);
      expect(env.openai.streamedRequests()).toEqual([]);
    });
  });

  describe('the Vercel AI SDK (ai with @ai-sdk/openai)', () => {
    const provider = async (apiKey: string, fetch?: typeof globalThis.fetch) =>
      createOpenAI({ baseURL: `${await env.sut.url()}/v1`, apiKey, fetch });

    it('generates text with the chat completions model: the whole answer and its usage', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'ai sdk generate' });
      env.openai.script({ text: 'Hello from the agent.', match: streamedCalls });
      const sent = recordingFetch();
      const result = await generateText({
        model: (await provider(secret, sent.fetch)).chat(AGENT),
        prompt: 'Hi',
        maxRetries: 0,
      });
      expect(result.text).toBe('Hello from the agent.');
      expect(result.finishReason).toBe('stop');
      const call = expectPersonaFirst('Hi');
      expect(result.usage).toMatchObject({
        inputTokens: call.promptTokens,
        outputTokens: call.tokensSentAt!.length,
        totalTokens: call.promptTokens! + call.tokensSentAt!.length,
      });
      expect(sent.bodies).toEqual([
        expect.objectContaining({ model: AGENT, messages: [{ role: 'user', content: 'Hi' }] }),
      ]);
    });

    it('streams text, assembled, with its usage', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'ai sdk stream' });
      const held = heldReply('One two three four.');
      env.openai.script(held.reply);
      const sent = recordingFetch();
      const errors: unknown[] = [];
      const result = streamText({
        model: (await provider(secret, sent.fetch)).chat(AGENT),
        prompt: 'Count',
        maxRetries: 0,
        onError: ({ error }) => void errors.push(error),
      });
      const pieces: string[] = [];
      for await (const piece of result.textStream) {
        pieces.push(piece);
        held.release();
      }
      expect(errors).toEqual([]);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe('One two three four.');
      expect(await result.finishReason).toBe('stop');
      const call = expectPersonaFirst('Count');
      expect(await result.usage).toMatchObject({
        inputTokens: call.promptTokens,
        outputTokens: call.tokensSentAt!.length,
      });
      expect(sent.bodies[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('sends a conversation with its system message and settings: the persona first, then them', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'ai sdk conversation' });
      env.openai.script({ text: 'Très bien.', match: streamedCalls });
      const sent = recordingFetch();
      const result = await generateText({
        model: (await provider(secret, sent.fetch)).chat(AGENT),
        system: 'Answer in French.',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Bonjour.' },
          { role: 'user', content: [{ type: 'text', text: 'How are you?' }] },
        ],
        temperature: 0.2,
        maxOutputTokens: 77,
      });
      expect(result.text).toBe('Très bien.');
      expectConversationSent();
      expect(sent.bodies[0]).toMatchObject({ temperature: 0.2, max_tokens: 77 });
    });

    it('generates an object: the schema goes to the model, the object comes back', async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'ai sdk object' });
      env.openai.script({ text: JSON.stringify(SUM), match: streamedCalls });
      const result = await generateObject({
        model: (await provider(secret)).chat(AGENT),
        schema: jsonSchema<typeof SUM>(SUM_SCHEMA),
        prompt: 'What is 2*(3+4)?',
        maxRetries: 0,
      });
      expect(result.object).toEqual(SUM);
      expectSchemaSent();
    });

    it('surfaces a bad key as an APICallError with status 401 at once, with its default retries', async () => {
      const sent = recordingFetch();
      const model = (await provider('sk-not-a-key', sent.fetch)).chat(AGENT);
      const refused = await generateText({ model, prompt: 'Hi' }).catch((error: unknown) => error);
      expect(APICallError.isInstance(refused)).toBe(true);
      expect(refused).toMatchObject({ statusCode: 401, isRetryable: false, message: expect.stringMatching(/key/i) });
      expect(sent.bodies).toHaveLength(1);
    });

    it("the provider's default model asks /v1/responses, which is not served: a clear OpenAI-shaped 404", async () => {
      const { secret } = await makeApiKey(env.sut, { name: 'ai sdk responses' });
      const sent = recordingFetch();
      const model = (await provider(secret, sent.fetch))(AGENT);
      const refused = await generateText({ model, prompt: 'Hi' }).catch((error: unknown) => error);
      expect(APICallError.isInstance(refused)).toBe(true);
      const error = refused as APICallError;
      expect(error.url).toMatch(/\/v1\/responses$/);
      expect(error.statusCode).toBe(404);
      expect(error.message).toBe('Invalid URL (POST /v1/responses)');
      expect(JSON.parse(error.responseBody!)).toMatchObject({ error: { code: 'unknown_url' } });
      expect(sent.bodies).toEqual([expect.objectContaining({ model: AGENT, input: expect.any(Array) })]);
      expect(env.openai.streamedRequests()).toEqual([]);
    });
  });
});
