import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ToolsResponse } from '@mb/contracts/types/wire/tools-response';
import { streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { type EverythingHttp, startEverythingHttp } from '../support/mcp/everything-server';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { SteppingClock } from '../support/stepping-clock';
import { only, sendTurn } from '../support/turn-client';

const CALLS_TOOLS = 'calls-tools';
const CONFIRMS = 'confirms-tool-calls';
const TWO_STEPS = 'two-tool-steps';
const MISSING_SERVER = 'calls-a-missing-server';

/** The reference MCP server over stdio and over Streamable HTTP, and one whose command does not exist. */
function writeMcpServersFile(file: string, remoteUrl: string): void {
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
          env: { GREETING: 'from-the-entry' },
        },
        nowhere: { command: 'mb-no-such-command-for-tests' },
        remote: { url: remoteUrl, headers: { 'X-Client': 'mb-tests' } },
      },
    }),
  );
}

const toolEvents = (events: ChatTurnEvent[]) =>
  events.flatMap((event) => (event.type === 'tool-call' || event.type === 'tool-result' ? [event] : []));
const lastCall = (env: ConversationApp) =>
  env.openai.streamedRequests().at(-1)!.body as {
    messages: Array<{ role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
    tools?: Array<{ function: { name: string } }>;
  };

describe('Tools: the model calls built-ins and MCP tools while it answers', () => {
  const serversFile = join(mkdtempSync(join(tmpdir(), 'mb-mcp-')), 'mcp-servers.json');
  let remote: EverythingHttp;
  beforeAll(async () => {
    remote = await startEverythingHttp('streamableHttp');
    writeMcpServersFile(serversFile, remote.url);
  });
  afterAll(() => remote?.stop());
  // As a deployment has them: the app's secrets in its environment, which a stdio server must never see.
  const secrets = { ACCESS_CODE: 'Secret-Code-Never-Shared-9', OPENAI_API_KEY: 'sk-never-shared-with-tools-0001' };
  beforeAll(() => Object.assign(process.env, secrets));
  afterAll(() => {
    for (const name of Object.keys(secrets)) delete process.env[name];
    rmSync(join(serversFile, '..'), { recursive: true, force: true });
  });
  const env = conversationAppPerSuite({ env: { MCP_SERVERS_FILE: serversFile, TOOL_TIMEOUT_MS: '3000' } });

  const toolsState = async () =>
    (await (await env.sut.authorized()).get('/api/tools').expect(200)).body as ToolsResponse;
  const everythingConnected = () =>
    eventually(
      async () => (await toolsState()).servers.find((s) => s.name === 'everything' && s.state === 'connected'),
      'the everything MCP server connected',
      { timeoutMs: 20_000 },
    );

  it('lists the built-ins and each MCP server with its health; a server that fails does not block the others', async () => {
    await everythingConnected();
    const state = await toolsState();
    expect(state.builtins.map((b) => b.name).sort()).toEqual([
      'calculator',
      'current_time',
      'fetch_page',
      'web_search',
    ]);
    const everything = state.servers.find((s) => s.name === 'everything')!;
    expect(everything.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-env']));
    const nowhere = await eventually(
      async () => (await toolsState()).servers.find((s) => s.name === 'nowhere' && s.state !== 'connecting'),
      'the nowhere MCP server to fail',
      { timeoutMs: 20_000 },
    );
    expect(['failed', 'reconnecting']).toContain(nowhere.state);
    expect(nowhere.lastError).toBeTruthy();
    await env.sut.anonymous().get('/api/tools').expect(401);
  });

  it('calls a tool of a Streamable HTTP server', async () => {
    const remoteServer = await eventually(
      async () => (await toolsState()).servers.find((s) => s.name === 'remote' && s.state === 'connected'),
      'the remote MCP server connected',
      { timeoutMs: 20_000 },
    );
    expect(remoteServer.transport).toBe('streamable-http');
    env.openai.script(
      { toolCalls: [{ name: 'remote__get-sum', arguments: { a: 19, b: 23 } }], match: streamedCalls },
      { text: 'Forty-two.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Add them remotely' })).all();
    const record = only(events, 'done').message.toolCalls![0];
    expect(record).toMatchObject({ tool: 'mcp:remote/get-sum', status: 'done', result: expect.stringContaining('42') });
  });

  it('runs a calculator call, streams it to the chat, gives its answer to the model, and keeps it with the reply', async () => {
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '2*(3+4)' } }], match: streamedCalls },
      { text: 'It is 14.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'What is 2*(3+4)?' })).all();
    expect(toolEvents(events).map((e) => [e.type, e.call.status])).toEqual([
      ['tool-call', 'running'],
      ['tool-result', 'done'],
    ]);
    const done = only(events, 'done').message;
    expect(done.content).toBe('It is 14.');
    expect(done.toolCalls).toEqual([expect.objectContaining({ tool: 'calculator', status: 'done', result: '14' })]);
    expect(done.provenance?.toolCalls).toEqual([expect.objectContaining({ tool: 'calculator', ok: true })]);
    // Its usage counts both model calls, the one that asked for the tool and the one that answered.
    const calls = env.openai.streamedRequests();
    expect(calls).toHaveLength(2);
    expect(done.usage).toEqual({
      promptTokens: calls[0].promptTokens! + calls[1].promptTokens!,
      completionTokens: calls[1].tokensSentAt!.length,
      estimated: false,
    });
    const second = lastCall(env);
    expect(second.tools?.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(['calculator', 'everything__echo']),
    );
    expect(second.messages.find((m) => m.role === 'tool')).toMatchObject({ content: '14' });

    // A reload shows the calls, and the next turn's context holds them.
    const sessionId = only(events, 'session').session.id;
    const listed = (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`))
      .body as ChatMessage[];
    expect(listed[1].toolCalls?.[0]).toMatchObject({ tool: 'calculator', result: '14' });
    // The export carries them (JSON, and a line in Markdown), and an import brings them back.
    const client = await env.sut.authorized();
    const exported = (await client.get(`/api/chat/sessions/${sessionId}/export?format=json`).expect(200)).body;
    expect(exported.messages[1].toolCalls[0]).toMatchObject({ tool: 'calculator', result: '14' });
    const markdown = (await client.get(`/api/chat/sessions/${sessionId}/export?format=markdown`).expect(200)).text;
    expect(markdown).toMatch(/Tools called:\n\n- calculator: done/);
    const imported = (await client.post('/api/chat/import').send(exported).expect(201)).body;
    const restored = (await client.get(`/api/chat/sessions/${imported.id}/messages`)).body as ChatMessage[];
    expect(restored[1].toolCalls?.[0]).toMatchObject({ tool: 'calculator', result: '14' });
    await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, sessionId, content: 'Thanks' })).all();
    expect(JSON.stringify(lastCall(env).messages)).toContain('calculator({\\"expression\\":\\"2*(3+4)\\"}) → 14');
  });

  it('a tool reply from a server that reports no usage counts every model call it made, estimated', async () => {
    env.openai.setOptions({ reportsUsage: false });
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }], match: streamedCalls },
      { text: 'It is 42.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'What is 6*7?' })).all();
    const [first, second] = env.openai.streamedRequests();
    const usage = only(events, 'done').message.usage!;
    expect(usage.estimated).toBe(true);
    // Both calls' prompts, as the service would count them: more than the larger one alone.
    expect(usage.promptTokens).toBeGreaterThan(second.promptTokens!);
    expect(usage.promptTokens).toBeGreaterThanOrEqual(first.promptTokens! + second.promptTokens!);
  });

  it('calls an MCP tool over stdio; the server gets only its own environment, never the app secrets', async () => {
    await everythingConnected();
    env.openai.script(
      {
        toolCalls: [
          { name: 'everything__echo', arguments: { message: 'hello over stdio' } },
          { name: 'everything__get-env', arguments: {} },
        ],
        match: streamedCalls,
      },
      { text: 'Done.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Echo and show env' })).all();
    const records = only(events, 'done').message.toolCalls!;
    expect(records[0]).toMatchObject({
      tool: 'mcp:everything/echo',
      status: 'done',
      result: expect.stringContaining('hello over stdio'),
    });
    const environment = records[1].result!;
    expect(environment).toContain('from-the-entry');
    for (const secret of Object.values(secrets)) expect(environment).not.toContain(secret);
    expect(environment).not.toContain(env.openai.baseUrl);
  });

  it('a call that waits for confirmation runs when allowed and is told to the model when denied', async () => {
    for (const allow of [true, false]) {
      env.openai.script(
        { toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }], match: streamedCalls },
        { text: allow ? 'It is 42.' : 'You declined.', match: streamedCalls },
      );
      const stream = await sendTurn(env.sut, { agentType: CONFIRMS, content: 'What is 6*7?' });
      const events: ChatTurnEvent[] = [];
      for await (const event of stream.events()) {
        events.push(event);
        if (event.type === 'tool-call' && event.call.status === 'awaiting-confirmation') {
          const sessionId = only(events, 'session').session.id;
          const answer = await (
            await env.sut.authorized()
          )
            .post(`/api/chat/sessions/${sessionId}/turn/tool-calls/${event.call.id}`)
            .send({ allow })
            .expect(200);
          expect(answer.body).toEqual({ accepted: true });
        }
      }
      const record = only(events, 'done').message.toolCalls![0];
      expect(record.status).toBe(allow ? 'done' : 'denied');
      const told = lastCall(env).messages.find((m) => m.role === 'tool')!.content;
      expect(told).toBe(allow ? '42' : 'The user declined to run this call.');
    }
  });

  it('ends a loop: an identical call repeated, or the step bound, and the model answers without tools', async () => {
    const same = { name: 'calculator', arguments: { expression: '1+1' } };
    env.openai.script(
      { toolCalls: [same], match: streamedCalls },
      { toolCalls: [same], match: streamedCalls },
      { text: 'Two.', match: streamedCalls },
    );
    const repeated = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Loop' })).all();
    const done = only(repeated, 'done').message;
    expect(done.provenance?.toolStepsEnded).toMatch(/repeated an identical call/);
    expect(lastCall(env).tools).toBeUndefined();

    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '1+2' } }], match: streamedCalls },
      { toolCalls: [{ name: 'calculator', arguments: { expression: '1+3' } }], match: streamedCalls },
      { text: 'Enough.', match: streamedCalls },
    );
    const bounded = await (await sendTurn(env.sut, { agentType: TWO_STEPS, content: 'Keep going' })).all();
    const message = only(bounded, 'done').message;
    expect(message.toolCalls).toHaveLength(2);
    expect(message.provenance?.toolStepsEnded).toMatch(/2 tool steps/);
  });

  it("a tool's error or time-out is told to the model, not thrown at the user", async () => {
    env.openai.script(
      {
        toolCalls: [
          { name: 'calculator', arguments: { expression: '1/0' } },
          { name: 'everything__trigger-long-running-operation', arguments: { duration: 30, steps: 3 } },
          { name: 'fetch_page', arguments: { url: 'http://127.0.0.1:9/' } },
        ],
        match: streamedCalls,
      },
      { text: 'Some tools failed.', match: streamedCalls },
    );
    await everythingConnected();
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Try them' })).all();
    const records = only(events, 'done').message.toolCalls!;
    expect(records.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(records[0].error).toMatch(/division by zero/i);
    expect(records[1].error).toMatch(/No answer within 3 s/);
    expect(records[2].error).toMatch(/127\.0\.0\.1|loopback|not allowed|private|internal/i);
    const told = lastCall(env)
      .messages.filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(told.every((text) => text!.startsWith('Error: '))).toBe(true);
  });

  it('Stop ends a running tool within a second or two and keeps what was written', async () => {
    await everythingConnected();
    env.openai.script({
      text: 'Starting. ',
      toolCalls: [{ name: 'everything__trigger-long-running-operation', arguments: { duration: 20, steps: 20 } }],
      match: streamedCalls,
    });
    const stream = await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Run the long one' });
    const events: ChatTurnEvent[] = [];
    let stoppedAt = 0;
    for await (const event of stream.events()) {
      events.push(event);
      if (event.type === 'tool-call' && event.call.status === 'running') {
        const sessionId = only(events, 'session').session.id;
        stoppedAt = performance.now();
        await (await env.sut.authorized()).post(`/api/chat/sessions/${sessionId}/turn/stop`).expect(200);
      }
    }
    expect(performance.now() - stoppedAt).toBeLessThan(2000);
    const stopped = only(events, 'stopped');
    expect(stopped.message?.content).toContain('Starting.');
    expect(stopped.message?.toolCalls?.[0].status).toBe('cancelled');
  });

  it('an agent naming a server that is down answers with the tools it has, and its reply says which are missing', async () => {
    env.openai.script({ text: 'Fine.', match: streamedCalls });
    const events = await (await sendTurn(env.sut, { agentType: MISSING_SERVER, content: 'Hello' })).all();
    const done = only(events, 'done').message;
    expect(done.provenance?.toolsUnavailable).toMatch(/nowhere tools are unavailable/);
    expect(lastCall(env).tools?.map((t) => t.function.name)).toEqual(['calculator']);
  });

  it('a pasted configuration cannot add tools', async () => {
    const persona = fixtureAgent('reconfigurable').persona;
    const turn = await sendTurn(env.sut, {
      agentType: 'reconfigurable',
      content: JSON.stringify({ ...persona, tools: ['calculator', 'mcp:everything'] }),
    });
    expect(turn.status).toBe(400);
    expect(JSON.stringify(turn.error)).toMatch(/tools/);
  });
});

describe('Tools with a model that does not take function calls', () => {
  const env = conversationAppPerSuite({ openai: { refuseTools: true } });

  it('answers without tools, and the reply says so', async () => {
    env.openai.script({ text: 'Without tools.', match: streamedCalls });
    const events = await (await sendTurn(env.sut, { agentType: TWO_STEPS, content: 'What is 2+2?' })).all();
    const done = only(events, 'done').message;
    expect(done.content).toBe('Without tools.');
    expect(done.provenance?.toolsUnavailable).toMatch(/does not take tool calls/);
  });
});

describe("Tools on the server's clock", () => {
  // Long past, so a time the system clock gave instead stands out.
  const env = conversationAppPerSuite({ clock: new SteppingClock(Date.UTC(2001, 0, 1)) });

  it("current_time tells the clock's time", async () => {
    env.openai.script(
      { toolCalls: [{ name: 'current_time', arguments: {} }], match: streamedCalls },
      { text: 'It is New Year.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'What time is it?' })).all();
    const record = only(events, 'done').message.toolCalls![0];
    expect(record).toMatchObject({
      tool: 'current_time',
      status: 'done',
      result: expect.stringMatching(/^2001-01-01T00:00:00\+00:00 \(Monday\) UTC$/),
    });
  });
});
