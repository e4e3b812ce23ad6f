import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ToolsResponse } from '@mb/contracts/types/wire/tools-response';
import { streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { everythingServer } from '../support/mcp/everything-server';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Half of an emoji: what a model, a tool or a cut can leave in text. */
const HALF = '\ud83d';
const CALLS_TOOLS = 'calls-tools';
const PLAIN = 'completions-only';

/** The turn ends with its reply saved, and a reload lists exactly what was saved. */
async function savedReply(env: ConversationApp, events: ChatTurnEvent[]): Promise<ChatMessage> {
  expect(events.at(-1)?.type).toBe('done');
  const done = only(events, 'done').message;
  const sessionId = only(events, 'session').session.id;
  const listed = (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200))
    .body as ChatMessage[];
  expect(listed.at(-1)).toEqual(done);
  return done;
}

/**
 * Text that is not the user's own (a model's reply, the arguments it gives a tool, a tool's answer) may hold half
 * a character; there is no one to ask to fix it, so it is stored with U+FFFD in its place and the reply is saved.
 */
describe("Half a character in text that is not the user's own is repaired, and the reply is saved", () => {
  const serversFile = join(mkdtempSync(join(tmpdir(), 'mb-mcp-')), 'mcp-servers.json');
  writeFileSync(
    serversFile,
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServer, 'stdio'] } } }),
  );
  afterAll(() => rmSync(join(serversFile, '..'), { recursive: true, force: true }));
  const env = conversationAppPerSuite({ env: { MCP_SERVERS_FILE: serversFile } });

  it("in the model's reply", async () => {
    env.openai.script({ text: `Shingles ${HALF} last twenty years.` });
    const events = await (await sendTurn(env.sut, { agentType: PLAIN, content: 'How long do shingles last?' })).all();
    expect((await savedReply(env, events)).content).toBe('Shingles \ufffd last twenty years.');
  });

  it('in the arguments the model gives a tool', async () => {
    // A string, so the half is a character of the arguments' text rather than an escape in it.
    const args = JSON.stringify({ expression: '6*7' }).replace('6*7', `6*7${HALF}`);
    env.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: args }], match: streamedCalls },
      { text: 'That did not parse.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'What is 6*7?' })).all();
    const [call] = (await savedReply(env, events)).toolCalls!;
    expect(call).toMatchObject({ tool: 'calculator', arguments: '{"expression":"6*7\ufffd"}' });
    expect(JSON.stringify(call)).not.toMatch(/\\ud83d/);
  });

  it("in an MCP tool's answer", async () => {
    await eventually(
      async () =>
        ((await (await env.sut.authorized()).get('/api/tools').expect(200)).body as ToolsResponse).servers.find(
          (server) => server.name === 'everything' && server.state === 'connected',
        ),
      'the everything MCP server connected',
      { timeoutMs: 20_000 },
    );
    env.openai.script(
      { toolCalls: [{ name: 'everything__echo', arguments: { message: `roof ${HALF} tiles` } }], match: streamedCalls },
      { text: 'It echoed.', match: streamedCalls },
    );
    const events = await (await sendTurn(env.sut, { agentType: CALLS_TOOLS, content: 'Echo it' })).all();
    const [call] = (await savedReply(env, events)).toolCalls!;
    expect(call).toMatchObject({ tool: 'mcp:everything/echo', status: 'done', result: 'Echo: roof \ufffd tiles' });
    const toolMessage = (
      env.openai.streamedRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> }
    ).messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toBe('Echo: roof \ufffd tiles');
  });
});
