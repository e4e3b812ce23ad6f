import type OpenAI from 'openai';
import { streamedCalls } from '../fakes/fake-openai';
import { makeApiKey, openAiClient } from '../support/api-keys';
import { conversationAppPerSuite } from '../support/model-fakes';

const COMPLETIONS = 'completions-only';
const CALLS_TOOLS = 'calls-tools';
const CONFIRMS = 'confirms-tool-calls';

type SentMessage = { role: string; content: string | null; tool_call_id?: string };
const sentMessages = (body: unknown) => (body as { messages: SentMessage[] }).messages;

describe('The OpenAI-compatible API with the official openai SDK (e2e)', () => {
  const env = conversationAppPerSuite();

  it('lists as models the agents the key may use', async () => {
    const named = await makeApiKey(env.sut, { name: 'two agents', agents: [COMPLETIONS, CALLS_TOOLS] });
    const page = await (await openAiClient(env.sut, named.secret)).models.list();
    expect(page.data.map((model) => model.id).sort()).toEqual([CALLS_TOOLS, COMPLETIONS]);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'agents', created: expect.any(Number) });
    const every = await makeApiKey(env.sut, { name: 'every agent' });
    const all = await (await openAiClient(env.sut, every.secret)).models.list();
    expect(all.data.map((model) => model.id)).toEqual(expect.arrayContaining([COMPLETIONS, CALLS_TOOLS, CONFIRMS]));
  });

  it('describes one agent the key may use as a model, and answers model_not_found for any other', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'one agent', agents: [COMPLETIONS] });
    const client = await openAiClient(env.sut, secret);
    expect(await client.models.retrieve(COMPLETIONS)).toMatchObject({
      id: COMPLETIONS,
      object: 'model',
      owned_by: 'agents',
      created: expect.any(Number),
    });
    for (const model of [CALLS_TOOLS, 'no-such-agent']) {
      const refused = await client.models.retrieve(model).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    }
  });

  it('answers as the agent: its persona first, the client system message after it, the settings asked for', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'whole' });
    env.openai.script({ text: 'Hello from the agent.', match: streamedCalls });
    const completion = await (
      await openAiClient(env.sut, secret)
    ).chat.completions.create({
      model: COMPLETIONS,
      messages: [
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.2,
      max_completion_tokens: 77,
      user: 'user-123',
      // Unknown fields are ignored, as OpenAI ignores them.
      ...({ some_future_field: { x: 1 } } as object),
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: COMPLETIONS,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the agent.' }, finish_reason: 'stop' }],
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    const [call] = env.openai.streamedRequests();
    const sent = call.body as { temperature: number; max_tokens: number; messages: SentMessage[] };
    expect(sent.temperature).toBe(0.2);
    expect(sent.max_tokens).toBe(77);
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toMatch(/^You are .*\n\nAnswer in French\.$/s);
    expect(sent.messages.slice(1)).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(completion.usage).toEqual({
      prompt_tokens: call.promptTokens,
      completion_tokens: call.tokensSentAt!.length,
      total_tokens: call.promptTokens! + call.tokensSentAt!.length,
    });
  });

  it('streams the standard chunks: the role first, the text, the finish reason, the usage when asked', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'stream' });
    env.openai.script({ text: 'One two three four.', match: streamedCalls });
    const { data: stream, response } = await (
      await openAiClient(env.sut, secret)
    ).chat.completions
      .create({
        model: COMPLETIONS,
        messages: [{ role: 'user', content: 'Count' }],
        stream: true,
        stream_options: { include_usage: true },
      })
      .withResponse();
    // A proxy in front (deploy/nginx.conf, or any nginx) passes each chunk on at once, never held whole or compressed.
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    expect(response.headers.get('content-encoding')).toBeNull();
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0].id)).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('One two three four.');
    expect(chunks.at(-2)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: env.openai.streamedRequests()[0].promptTokens });
  });

  it('runs the agent tools on the server, and the usage counts every model call', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'tools' });
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '2*(3+4)' } }], match: streamedCalls },
      { text: 'It is 14.', match: streamedCalls },
    );
    const client = await openAiClient(env.sut, secret);
    const stream = client.chat.completions.stream({
      model: CALLS_TOOLS,
      messages: [{ role: 'user', content: 'What is 2*(3+4)?' }],
      stream_options: { include_usage: true },
    });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0].message.content).toBe('It is 14.');
    expect(final.choices[0].message.tool_calls ?? []).toEqual([]);
    const [first, second] = env.openai.streamedRequests();
    expect(sentMessages(second.body).find((m) => m.role === 'tool')?.content).toBe('14');
    expect(final.usage?.prompt_tokens).toBe(first.promptTokens! + second.promptTokens!);
  });

  it('gives the model the response_format asked for, on every call of the reply, so structured output works', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'structured' });
    const answer = { result: 14 };
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '2*(3+4)' } }], match: streamedCalls },
      { text: JSON.stringify(answer), match: streamedCalls },
    );
    const format = {
      type: 'json_schema' as const,
      json_schema: {
        name: 'sum',
        strict: true,
        schema: { type: 'object', properties: { result: { type: 'number' } }, required: ['result'] },
      },
    };
    const client = await openAiClient(env.sut, secret);
    const completion = await client.chat.completions.create({
      model: CALLS_TOOLS,
      messages: [{ role: 'user', content: 'What is 2*(3+4)?' }],
      response_format: format,
    });
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual(answer);
    const calls = env.openai.streamedRequests();
    expect(calls).toHaveLength(2);
    for (const call of calls) expect((call.body as { response_format?: unknown }).response_format).toEqual(format);

    env.openai.script({ text: 'plain', match: streamedCalls });
    await client.chat.completions.create({
      model: COMPLETIONS,
      messages: [{ role: 'user', content: 'Hi' }],
      response_format: { type: 'text' },
    });
    expect(env.openai.streamedRequests().at(-1)!.body as object).not.toHaveProperty('response_format');

    const refused = await client.chat.completions
      .create({
        model: COMPLETIONS,
        messages: [{ role: 'user', content: 'Hi' }],
        response_format: { type: 'json_schema' } as never,
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, param: 'response_format.json_schema' });
    const unknownType = await client.chat.completions
      .create({
        model: COMPLETIONS,
        messages: [{ role: 'user', content: 'Hi' }],
        response_format: { type: 'yaml' } as never,
      })
      .catch((error: unknown) => error);
    expect(unknownType).toMatchObject({ status: 400, param: 'response_format.type' });
  });

  it('denies a confirm tool unless the key allows it, and tells the model why', async () => {
    const denying = await makeApiKey(env.sut, { name: 'no confirm tools' });
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }], match: streamedCalls },
      { text: 'I may not use it.', match: streamedCalls },
    );
    const denied = await (
      await openAiClient(env.sut, denying.secret)
    ).chat.completions.create({
      model: CONFIRMS,
      messages: [{ role: 'user', content: '1+1?' }],
    });
    expect(denied.choices[0].message.content).toBe('I may not use it.');
    const told = sentMessages(env.openai.streamedRequests()[1].body).find((m) => m.role === 'tool');
    expect(told?.content).toMatch(/^Not run: this tool needs a person to allow each call/);

    env.openai.reset();
    const allowing = await makeApiKey(env.sut, { name: 'confirm tools', allowConfirmTools: true });
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }], match: streamedCalls },
      { text: 'Two.', match: streamedCalls },
    );
    await (
      await openAiClient(env.sut, allowing.secret)
    ).chat.completions.create({
      model: CONFIRMS,
      messages: [{ role: 'user', content: '1+1?' }],
    });
    expect(sentMessages(env.openai.streamedRequests()[1].body).find((m) => m.role === 'tool')?.content).toBe('2');
  });
});
