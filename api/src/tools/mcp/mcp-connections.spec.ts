import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../test/support/eventually';
import {
  childProcesses,
  everythingOverStdio,
  everythingServer,
  isAlive,
  nodeScript,
} from '../../../test/support/mcp/everything-server';
import { STDIO_EXIT_GRACE_MS } from './mcp-sessions';
import { McpCallFailed, McpConnections, type McpServerConfig, type McpServerStatus } from '.';

/** The app's secrets, as the API process holds them: none may reach a stdio server. */
const APP_SECRETS = {
  ACCESS_CODE: 'access-code-for-the-spec',
  OPENAI_API_KEY: 'sk-spec-openai-key',
  SERPER_API_KEY: 'serper-spec-key',
  SESSION_SECRET: 'session-secret-for-the-spec',
  DATABASE_URL: 'postgres://spec:spec@localhost/spec',
};

const SAFE_DEFAULTS = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

const quickRetries = { connectTimeoutMs: 10_000, backoffMs: { first: 100, max: 1000 } };

let timersHeld = false;
/** Holds the timers the code sets (setTimeout, setInterval) still until the test moves them; I/O stays real. */
function holdTimers(): void {
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'hrtime', 'Date', 'performance'],
  });
  timersHeld = true;
}

const STILL_PENDING = Symbol('still pending');
/** What the promise settled with before the event loop's next turn: without I/O or a timer, or STILL_PENDING. */
const byNextTurn = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<typeof STILL_PENDING>((resolve) => setImmediate(() => resolve(STILL_PENDING)))]);

/** Waits for a promise that only I/O can settle while the timers are held: one needing a timer never would. */
async function settles<T>(promise: Promise<T>, what: string): Promise<T> {
  let outcome: { value: T } | undefined;
  void promise.then((value) => (outcome = { value }));
  return (await eventually(() => outcome, what)).value;
}

describe(McpConnections.name, () => {
  const opened: McpConnections[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  const connections = (servers: McpServerConfig[], options = {}) => {
    const sut = new McpConnections(servers, { ...quickRetries, ...options });
    opened.push(sut);
    return sut;
  };
  const statusOf = (sut: McpConnections, name: string) => sut.status().find((server) => server.name === name)!;
  const connectedTo = (sut: McpConnections, name: string) =>
    eventually(() => statusOf(sut, name).state === 'connected', `${name} connected`, { timeoutMs: 15_000 });
  const call = (sut: McpConnections, server: string, tool: string, args: Record<string, unknown> = {}) =>
    sut.call(server, tool, args, { signal: new AbortController().signal, timeoutMs: 10_000 });

  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
    Object.assign(process.env, APP_SECRETS);
  });
  afterEach(async () => {
    // After a test that held the timers, those still set run out, so no close waits on one that would never fire.
    if (timersHeld) jest.runOnlyPendingTimers();
    jest.useRealTimers();
    timersHeld = false;
    await Promise.all(opened.splice(0).map((sut) => sut.close()));
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    for (const name of Object.keys(APP_SECRETS)) delete process.env[name];
    expect(unhandled).toEqual([]);
  });

  describe('over stdio, with server-everything', () => {
    it('connects in the background and lists the tools', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      // start() returns without waiting for the connection: the server is still connecting when it has returned.
      sut.start();
      expect(sut.status()).toEqual([{ name: 'everything', transport: 'stdio', state: 'connecting', tools: [] }]);
      expect(sut.tools('everything')).toBeUndefined();

      await connectedTo(sut, 'everything');
      const names = sut.tools('everything')!.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env', 'trigger-long-running-operation']));
      const echo = sut.tools('everything')!.find((tool) => tool.name === 'echo')!;
      expect(echo.description).toEqual(expect.any(String));
      expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: expect.any(Object) } });
      expect(statusOf(sut, 'everything')).toEqual({
        name: 'everything',
        transport: 'stdio',
        state: 'connected',
        tools: expect.arrayContaining([{ name: 'echo', description: echo.description }]),
      });
      expect(sut.tools('no-such-server')).toBeUndefined();
    });

    it('calls tools: echo and get-sum answer as text', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      sut.start();
      await connectedTo(sut, 'everything');
      await expect(call(sut, 'everything', 'echo', { message: 'hello there' })).resolves.toEqual({
        text: 'Echo: hello there',
        isError: false,
      });
      const sum = await call(sut, 'everything', 'get-sum', { a: 2, b: 40 });
      expect(sum).toEqual({ text: expect.stringContaining('42'), isError: false });
    });

    it('gives the child only the safe defaults and its own env, never the app’s secrets', async () => {
      const sut = connections([everythingOverStdio('everything', { FROM_THE_ENTRY: 'entry-value' })]);
      sut.start();
      await connectedTo(sut, 'everything');
      const { text } = await call(sut, 'everything', 'get-env');
      const childEnv = JSON.parse(text) as Record<string, string>;
      expect(childEnv.FROM_THE_ENTRY).toBe('entry-value');
      expect(childEnv.PATH).toBe(process.env.PATH);
      for (const name of Object.keys(APP_SECRETS)) expect(childEnv).not.toHaveProperty(name);
      for (const value of Object.values(APP_SECRETS)) expect(text).not.toContain(value);
      expect(Object.keys(childEnv).filter((name) => ![...SAFE_DEFAULTS, 'FROM_THE_ENTRY'].includes(name))).toEqual([]);
    });

    it('runs the child in the entry’s working directory', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'mcp-cwd-'));
      try {
        const sut = connections([{ ...everythingOverStdio('everything'), cwd }]);
        sut.start();
        await connectedTo(sut, 'everything');
        const pid = sut.processId('everything')!;
        const { execFileSync } = await import('node:child_process');
        expect(execFileSync('readlink', [`/proc/${pid}/cwd`], { encoding: 'utf8' }).trim()).toBe(cwd);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    });

    it('turns the content parts of a result into text, describing binary parts instead of passing them on', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      sut.start();
      await connectedTo(sut, 'everything');
      const image = await call(sut, 'everything', 'get-tiny-image');
      expect(image.text).toMatch(/\[image\/png, \d+ (KB|bytes), not shown\]/);
      expect(image.text).not.toContain('iVBORw0KGgo');
      const links = await call(sut, 'everything', 'get-resource-links', { count: 2 });
      expect(links.text).toContain('Text Resource 2 (demo://resource/dynamic/text/2)');
      const blob = await call(sut, 'everything', 'get-resource-reference', { resourceType: 'Blob', resourceId: 2 });
      expect(blob.text).toContain('[resource demo://resource/dynamic/blob/2]');
      const text = await call(sut, 'everything', 'get-resource-reference', { resourceType: 'Text', resourceId: 1 });
      expect(text.text).toMatch(/Resource 1/);
    });

    it('resolves a tool’s own error as isError with its text', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      sut.start();
      await connectedTo(sut, 'everything');
      const wrongArgs = await call(sut, 'everything', 'get-sum', { a: 'two', b: 3 });
      expect(wrongArgs).toEqual({ text: expect.stringContaining('expected number'), isError: true });
      const unknown = await call(sut, 'everything', 'no-such-tool');
      expect(unknown).toEqual({ text: expect.stringContaining('no-such-tool not found'), isError: true });
    });

    it('cancels a call when its signal aborts: rejects at once, and the server answers the next call', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      sut.start();
      await connectedTo(sut, 'everything');
      const controller = new AbortController();
      const calling = sut
        .call(
          'everything',
          'trigger-long-running-operation',
          { duration: 30, steps: 30 },
          { signal: controller.signal, timeoutMs: 60_000 },
        )
        .catch((error: unknown) => error);
      // The server reads its input in order: it has taken the long call once a call sent after it is answered.
      await expect(call(sut, 'everything', 'echo', { message: 'meanwhile' })).resolves.toMatchObject({
        text: 'Echo: meanwhile',
      });
      controller.abort();
      const failure = await byNextTurn(calling);
      expect(failure).toBeInstanceOf(McpCallFailed);
      expect(failure).toMatchObject({ reason: 'cancelled', message: expect.stringContaining('was cancelled') });
      await expect(call(sut, 'everything', 'echo', { message: 'still here' })).resolves.toMatchObject({
        text: 'Echo: still here',
      });

      const aborted = AbortSignal.abort();
      await expect(
        sut.call('everything', 'echo', { message: 'x' }, { signal: aborted, timeoutMs: 1000 }),
      ).rejects.toMatchObject({ reason: 'cancelled' });
    });

    it('gives up on a call when its timeoutMs has passed, not before', async () => {
      holdTimers();
      const sut = connections([everythingOverStdio('everything')]);
      sut.start();
      await connectedTo(sut, 'everything');
      const calling = sut
        .call(
          'everything',
          'trigger-long-running-operation',
          { duration: 30, steps: 30 },
          { signal: new AbortController().signal, timeoutMs: 300 },
        )
        .catch((error: unknown) => error);

      jest.advanceTimersByTime(299);
      expect(await byNextTurn(calling)).toBe(STILL_PENDING);
      jest.advanceTimersByTime(1);
      const failure = await byNextTurn(calling);
      expect(failure).toBeInstanceOf(McpCallFailed);
      expect(failure).toMatchObject({
        reason: 'timeout',
        message: 'The trigger-long-running-operation tool of the everything MCP server did not answer within 300 ms.',
      });
    });

    it('refuses a call to a server that is not connected, or not configured, as unavailable', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      await expect(call(sut, 'everything', 'echo', { message: 'x' })).rejects.toMatchObject({
        reason: 'unavailable',
        message: 'The everything MCP server is not connected.',
      });
      await expect(call(sut, 'elsewhere', 'echo')).rejects.toMatchObject({
        reason: 'unavailable',
        message: 'No MCP server is named elsewhere.',
      });
    });

    it('reconnects a server whose process is killed, and has its tools back', async () => {
      const sut = connections([everythingOverStdio('everything')]);
      const seen: McpServerStatus['state'][] = [];
      sut.onChange(() => seen.push(statusOf(sut, 'everything').state));
      sut.start();
      await connectedTo(sut, 'everything');
      const firstPid = sut.processId('everything')!;
      expect(isAlive(firstPid)).toBe(true);

      process.kill(firstPid, 'SIGKILL');
      await eventually(() => statusOf(sut, 'everything').state === 'reconnecting', 'reconnecting');
      const down = statusOf(sut, 'everything');
      expect(down).toMatchObject({ state: 'reconnecting', lastError: 'the server process exited', tools: [] });
      expect(down.retryInMs).toBeLessThanOrEqual(100);
      expect(sut.tools('everything')).toBeUndefined();

      await connectedTo(sut, 'everything');
      expect(sut.processId('everything')).not.toBe(firstPid);
      expect(sut.tools('everything')!.map((tool) => tool.name)).toContain('echo');
      expect(statusOf(sut, 'everything').lastError).toBeUndefined();
      await expect(call(sut, 'everything', 'echo', { message: 'back' })).resolves.toMatchObject({ text: 'Echo: back' });
      expect(seen).toEqual(['connected', 'reconnecting', 'connected']);
    });

    it('leaves no child process behind when closed, and waits on no timer for servers that end with their input', async () => {
      holdTimers();
      const sut = connections([everythingOverStdio('one'), everythingOverStdio('two')]);
      sut.start();
      await connectedTo(sut, 'one');
      await connectedTo(sut, 'two');
      const pids = [sut.processId('one')!, sut.processId('two')!];
      expect(pids.every(isAlive)).toBe(true);

      await settles(sut.close(), 'the close, with every timer held');
      expect(pids.filter(isAlive)).toEqual([]);
      expect(childProcesses().filter((child) => child.command.includes(everythingServer))).toEqual([]);
    });

    it('leaves no child behind when closed while still connecting, and starts no attempt after', async () => {
      holdTimers();
      // The ghost's retry is due long after the grace: still waiting when the connections are closed.
      const sut = connections(
        [
          everythingOverStdio('everything'),
          nodeScript('hanging', 'setInterval(() => {}, 1000)'),
          { name: 'ghost', transport: 'stdio', command: 'mcp-spec-no-such-command', args: [], env: {} },
        ],
        { backoffMs: { first: 60_000, max: 60_000 } },
      );
      const ours = () =>
        childProcesses().filter(
          (child) => child.command.includes(everythingServer) || child.command.includes('setInterval'),
        );
      sut.start();
      await eventually(
        () => ours().length === 2 && statusOf(sut, 'ghost').state === 'reconnecting',
        'both children started, and the ghost waiting to retry',
      );

      const closing = sut.close();
      // The hanging child ignores the end of its input: it is ended once the grace has passed, not the SDK's 2 s.
      await jest.advanceTimersByTimeAsync(STDIO_EXIT_GRACE_MS);
      await settles(closing, 'the close, after the grace');
      expect(ours()).toEqual([]);
      expect(sut.status().filter((server) => server.retryInMs !== undefined)).toEqual([]);
      // Every timer still set comes due; an attempt would start its own deadline, so none is left over.
      jest.runOnlyPendingTimers();
      expect(jest.getTimerCount()).toBe(0);
      expect(ours()).toEqual([]);
    });
  });

  describe('when a server cannot be started', () => {
    it('marks a missing command failed, then reconnecting with backoff; start() returned at once', async () => {
      const sut = connections([
        { name: 'ghost', transport: 'stdio', command: 'mcp-spec-no-such-command', args: [], env: {} },
      ]);
      const seen: McpServerStatus[] = [];
      sut.onChange(() => seen.push(statusOf(sut, 'ghost')));
      // start() returns without waiting for the attempt: the server is still connecting when it has returned.
      sut.start();
      expect(statusOf(sut, 'ghost').state).toBe('connecting');

      await eventually(() => seen.length >= 2, 'the first failure');
      expect(seen[0]).toEqual({
        name: 'ghost',
        transport: 'stdio',
        state: 'failed',
        lastError: 'command not found: mcp-spec-no-such-command',
        tools: [],
      });
      expect(seen[1]).toMatchObject({
        state: 'reconnecting',
        lastError: 'command not found: mcp-spec-no-such-command',
      });
      expect(seen[1].retryInMs).toBeGreaterThan(50);
      expect(seen[1].retryInMs).toBeLessThanOrEqual(100);

      // The next attempt fails too, and waits twice as long.
      await eventually(() => seen.length >= 4, 'the second failure');
      expect(seen[2].state).toBe('failed');
      expect(seen[3].retryInMs).toBeGreaterThan(100);
      expect(seen[3].retryInMs).toBeLessThanOrEqual(200);
    });

    it('says what a server that exits at once wrote last, without its secrets', async () => {
      const sut = connections([
        nodeScript(
          'crashing',
          'console.error("starting"); console.error("bad token: " + process.env.CRASHING_TOKEN); process.exit(3)',
          { CRASHING_TOKEN: 'tok-very-secret-123' },
        ),
      ]);
      sut.start();
      await eventually(() => statusOf(sut, 'crashing').lastError, 'a last error');
      expect(statusOf(sut, 'crashing').lastError).toBe(
        'the server process exited before it answered: starting | bad token: ***',
      );
    });

    it('names a working directory that does not exist', async () => {
      const sut = connections([{ ...everythingOverStdio('lost'), cwd: '/no/such/dir/for/mcp' }]);
      sut.start();
      await eventually(() => statusOf(sut, 'lost').lastError, 'a last error');
      expect(statusOf(sut, 'lost').lastError).toBe('working directory not found: /no/such/dir/for/mcp');
    });

    it('gives up on a server that never answers after connectTimeoutMs, and kills it', async () => {
      const sut = connections([nodeScript('silent', 'setInterval(() => {}, 1000)')], { connectTimeoutMs: 400 });
      sut.start();
      await eventually(() => statusOf(sut, 'silent').lastError, 'a last error');
      expect(statusOf(sut, 'silent')).toMatchObject({ state: 'reconnecting', lastError: 'timed out after 400 ms' });
      await eventually(
        () => childProcesses().filter((child) => child.command.includes('setInterval')).length <= 1,
        'the timed-out child killed',
      );
    });
  });

  it('tells every listener of each change, and stops telling one that unsubscribed', async () => {
    const sut = connections([everythingOverStdio('everything')]);
    let told = 0;
    let toldAfterLeaving = 0;
    sut.onChange(() => {
      told += 1;
      throw new Error('a listener that throws must not stop the others');
    });
    const leave = sut.onChange(() => (toldAfterLeaving += 1));
    leave();
    sut.start();
    await connectedTo(sut, 'everything');
    expect(told).toBeGreaterThanOrEqual(1);
    expect(toldAfterLeaving).toBe(0);
  });
});
