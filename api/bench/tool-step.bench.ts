import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { systemClock } from '../src/common/clock';
import { loadAppConfig } from '../src/config';
import type { ModelRequest, StreamedReply } from '../src/llm';
import { WebSearch } from '../src/search';
import { answerWithTools, McpServers, ToolCatalog } from '../src/tools';
import { ActiveTurn } from '../src/turns/live/active-turns';
import { readAgentIn } from '../test/support/fixture-agents';
import {
  BENCH_AGENT,
  BENCH_AGENTS_DIR,
  compareSequential,
  ms,
  pairedDifferences,
  percentile,
  runBench,
  until,
} from './support/bench-kit';

/**
 * What a tool step costs over the tool itself: an MCP `echo` over stdio against the reference server
 * (@modelcontextprotocol/server-everything, connected once), (a) called straight through McpConnections.call,
 * (b) run as one step of the reply's tool loop (answerWithTools with the agent's tools from ToolCatalog.forAgent,
 * a model stub that asks for the call on its first call and answers in words on its second, so the model's time
 * is zero). (b) − (a) is what the loop adds: offering the tools, the call's record and its events, the argument
 * parsing, the timeout and stop signals, the output cap, the second model request. A turn with no listeners:
 * relaying the events to a browser is the streaming bench's.
 */
const STEPS = 1_000;
const WARMUP = 100;
const DEADLINE_MS = 2 * 60_000;
const SERVER = 'everything';
const MESSAGE = 'a tool step of the bench';

const row = (label: string, ...cells: string[]) => console.log(`${label.padEnd(56)} ${cells.join(' ')}`);

runBench('tool step bench', DEADLINE_MS, async (cleanup) => {
  // The services log through Nest; a connected server is no news here, a warning is.
  Logger.overrideLogger(['warn', 'error']);
  const dir = mkdtempSync(join(tmpdir(), 'mb-bench-tools-'));
  cleanup.add('the temporary directory', () => rmSync(dir, { recursive: true, force: true }));
  const serversFile = join(dir, 'mcp-servers.json');
  const server = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  writeFileSync(
    serversFile,
    JSON.stringify({ mcpServers: { [SERVER]: { command: process.execPath, args: [server, 'stdio'] } } }),
  );
  const config = loadAppConfig({
    ACCESS_CODE: 'unused-by-the-bench',
    SESSION_SECRET: 'unused-by-the-bench'.padEnd(32, '-'),
    DATA_DIR: dir,
    MCP_SERVERS_FILE: serversFile,
  });

  const mcp = new McpServers(config);
  cleanup.add('the MCP connections', () => mcp.connections.close());
  mcp.connections.start();
  await until(() => mcp.connections.tools(SERVER) !== undefined, `the ${SERVER} MCP server to connect`, 30_000);

  const agent: AgentDefinition = { ...readAgentIn(BENCH_AGENTS_DIR, BENCH_AGENT), tools: [`mcp:${SERVER}/echo`] };
  const { tools, unavailable } = new ToolCatalog(config, new WebSearch(config), mcp, systemClock).forAgent(agent);
  const echo = tools.find((tool) => tool.grant === `mcp:${SERVER}/echo`);
  if (!echo) throw new Error(`the agent was offered no echo tool (${unavailable.join(' ') || 'no reason given'})`);

  const args = { message: MESSAGE };
  const direct = async () => {
    const result = await mcp.connections.call(SERVER, 'echo', args, {
      signal: new AbortController().signal,
      timeoutMs: config.tools.timeoutMs,
    });
    if (result.isError || !result.text.includes(MESSAGE)) throw new Error(`echo answered ${JSON.stringify(result)}`);
  };

  const request: ModelRequest = {
    model: 'bench',
    temperature: 0,
    maxTokens: 100,
    messages: [
      { role: 'system', content: 'You are a bench.' },
      { role: 'user', content: 'Echo something.' },
    ],
  };
  const toolCall = { id: 'call_bench', name: echo.functionName, arguments: JSON.stringify(args) };
  const step = async () => {
    let calls = 0;
    const stream = (): Promise<StreamedReply> =>
      Promise.resolve(++calls === 1 ? { text: '', toolCalls: [toolCall] } : { text: 'Echoed.' });
    const { reply, records } = await answerWithTools({
      request,
      tools,
      maxSteps: 8,
      timeoutMs: config.tools.timeoutMs,
      turn: new ActiveTurn('bench', 'bench'),
      stream,
    });
    if (reply.text !== 'Echoed.' || records.length !== 1 || records[0].status !== 'done' || calls !== 2)
      throw new Error(`the step went wrong: ${JSON.stringify({ reply, records, calls })}`);
  };

  const { direct: directMs, step: stepMs } = await compareSequential(
    { direct, step },
    { warmup: WARMUP, rounds: STEPS },
  );
  const paired = pairedDifferences(stepMs, directMs);

  console.log('');
  console.log(
    `tool step: MCP ${SERVER}/echo over stdio (server-everything, one connection), ${STEPS} interleaved pairs after ${WARMUP} warm-up calls each`,
  );
  row('', '     p50    ', '     p99    ');
  row('(a) the tool alone: McpConnections.call', ms(percentile(directMs, 50)), ms(percentile(directMs, 99)));
  row('(b) one tool step: answerWithTools, model time zero', ms(percentile(stepMs, 50)), ms(percentile(stepMs, 99)));
  row(
    'added by the step (b - a)',
    ms(percentile(stepMs, 50) - percentile(directMs, 50)),
    ms(percentile(stepMs, 99) - percentile(directMs, 99)),
  );
  row('added, paired differences (b - a per round)', ms(percentile(paired, 50)), ms(percentile(paired, 99)));
});
