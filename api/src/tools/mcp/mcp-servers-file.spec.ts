import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMcpServers } from './mcp-servers-file';

describe(loadMcpServers.name, () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mcp-servers-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fileWith = (content: unknown) => {
    const path = join(dir, 'mcp-servers.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return path;
  };
  const load = (content: unknown, env: Record<string, string | undefined> = {}) =>
    loadMcpServers(fileWith(content), env);

  it('reads a stdio entry and an http entry in the desktop clients’ shape', () => {
    const sut = load({
      mcpServers: {
        files: { command: 'npx', args: ['-y', 'files-server', '/data'], env: { LOG: 'debug' }, cwd: '/srv' },
        tracker: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t0ken' }, type: 'http' },
        bare: { command: 'local-server' },
        legacy: { url: 'http://127.0.0.1:3001/sse', type: 'sse' },
      },
    });
    expect(sut.problems).toEqual([]);
    expect(sut.servers).toEqual([
      {
        name: 'files',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'files-server', '/data'],
        env: { LOG: 'debug' },
        cwd: '/srv',
      },
      {
        name: 'tracker',
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer t0ken' },
      },
      { name: 'bare', transport: 'stdio', command: 'local-server', args: [], env: {} },
      { name: 'legacy', transport: 'http', url: 'http://127.0.0.1:3001/sse', headers: {} },
    ]);
  });

  it('takes ${VAR} in any string value from the given environment, not from process.env', () => {
    process.env.MCP_SPEC_ONLY_IN_PROCESS = 'from-process';
    try {
      const sut = load(
        {
          mcpServers: {
            files: {
              command: '${TOOLS_DIR}/files-server',
              args: ['--root', '${DATA_DIR}', 'plain'],
              env: { TOKEN: '${FILES_TOKEN}', MIXED: 'a-${DATA_DIR}-b' },
              cwd: '${DATA_DIR}',
            },
            tracker: { url: 'https://${TRACKER_HOST}/mcp', headers: { Authorization: 'Bearer ${TRACKER_TOKEN}' } },
          },
        },
        {
          TOOLS_DIR: '/opt/tools',
          DATA_DIR: '/data',
          FILES_TOKEN: 'files-secret',
          TRACKER_HOST: 'tracker.example.com',
          TRACKER_TOKEN: 'tracker-secret',
        },
      );
      expect(sut.problems).toEqual([]);
      expect(sut.servers).toEqual([
        {
          name: 'files',
          transport: 'stdio',
          command: '/opt/tools/files-server',
          args: ['--root', '/data', 'plain'],
          env: { TOKEN: 'files-secret', MIXED: 'a-/data-b' },
          cwd: '/data',
        },
        {
          name: 'tracker',
          transport: 'http',
          url: 'https://tracker.example.com/mcp',
          headers: { Authorization: 'Bearer tracker-secret' },
        },
      ]);
      const fromProcess = load({ mcpServers: { x: { command: 'x', args: ['${MCP_SPEC_ONLY_IN_PROCESS}'] } } });
      expect(fromProcess.servers).toEqual([]);
      expect(fromProcess.problems[0]).toContain('${MCP_SPEC_ONLY_IN_PROCESS}, which is not set');
    } finally {
      delete process.env.MCP_SPEC_ONLY_IN_PROCESS;
    }
  });

  it('names a missing variable, its field and server, leaves that server out and keeps the others', () => {
    const path = fileWith({
      mcpServers: {
        github: { command: 'github-server', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}', OTHER: '${SET_ONE}' } },
        tracker: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${TRACKER_TOKEN}' } },
        fine: { command: 'fine-server', args: ['${SET_ONE}'] },
      },
    });
    const sut = loadMcpServers(path, { SET_ONE: 'value-that-must-not-leak' });
    expect(sut.problems).toEqual([
      `In ${path}, "env.GITHUB_TOKEN" of the MCP server "github" uses \${GITHUB_TOKEN}, which is not set.`,
      `In ${path}, "headers.Authorization" of the MCP server "tracker" uses \${TRACKER_TOKEN}, which is not set.`,
    ]);
    expect(sut.servers.map((server) => server.name)).toEqual(['fine']);
    expect(sut.problems.join(' ')).not.toContain('value-that-must-not-leak');
  });

  it.each([
    ['has a space', 'has a space'],
    ['starts with a dash', '-files'],
    ['is too long', 'a'.repeat(42)],
    ['has a dot', 'files.local'],
  ])('refuses a server name that %s', (_case, name) => {
    const sut = load({ mcpServers: { [name]: { command: 'x' }, ok_name: { command: 'y' } } });
    expect(sut.servers.map((server) => server.name)).toEqual(['ok_name']);
    expect(sut.problems).toHaveLength(1);
    expect(sut.problems[0]).toContain(`the MCP server name ${JSON.stringify(name)} is not allowed`);
  });

  it('accepts names of letters, digits, "_" and "-" up to 41 characters', () => {
    const names = ['a', 'A1', '9lives', 'files_2-b', 'a'.repeat(41)];
    const sut = load({ mcpServers: Object.fromEntries(names.map((name) => [name, { command: 'x' }])) });
    expect(sut.problems).toEqual([]);
    expect(sut.servers.map((server) => server.name)).toEqual(names);
  });

  it.each([
    [{ command: 'x', url: 'http://a/' }, 'the MCP server "s" has both "command" and "url": give one'],
    [{ args: ['x'] }, 'the MCP server "s" has neither "command"'],
    ['just a string', 'the MCP server "s" must be an object'],
    [{ command: 42 }, '"command" of the MCP server "s" must be a string'],
    [{ command: ' ' }, '"command" of the MCP server "s" is empty'],
    [{ command: 'x', args: 'one two' }, '"args" of the MCP server "s" must be an array of strings'],
    [{ command: 'x', env: { PORT: 3000 } }, '"env" of the MCP server "s" must be an object of string values'],
    [{ command: 'x', cwd: ['/srv'] }, '"cwd" of the MCP server "s" must be a string'],
    [{ command: 'x', type: 'sse' }, '"type" of the MCP server "s" must be "stdio"'],
    [{ url: 'not a url' }, '"url" of the MCP server "s" is not a URL'],
    [{ url: 'ftp://example.com/mcp' }, '"url" of the MCP server "s" must start with http:// or https://'],
    [{ url: 'http://a/', headers: ['x'] }, '"headers" of the MCP server "s" must be an object of string values'],
    [{ url: 'http://a/', type: 'websocket' }, '"type" of the MCP server "s" must be one of'],
  ])('names the server and field of a bad entry: %j', (entry, problem) => {
    const path = fileWith({ mcpServers: { s: entry } });
    const sut = loadMcpServers(path, {});
    expect(sut.servers).toEqual([]);
    expect(sut.problems).toHaveLength(1);
    expect(sut.problems[0]).toContain(`In ${path}, ${problem}`);
  });

  it('says where bad JSON is, by line and column, without quoting the file', () => {
    const path = fileWith('{\n  "mcpServers": {\n    "files": { "command": "x", }\n  }\n}\n');
    const sut = loadMcpServers(path, {});
    expect(sut.servers).toEqual([]);
    expect(sut.problems).toEqual([
      `The MCP servers file ${path} is not valid JSON: Expected double-quoted property name (line 3, column 32).`,
    ]);
    const quoting = loadMcpServers(fileWith('{"mcpServers": {"x": {"command": sk-live-secret}}}'), {});
    expect(quoting.problems[0]).toMatch(/is not valid JSON: Unexpected token/);
    expect(quoting.problems[0]).not.toContain('sk-live-secret');
    const cut = loadMcpServers(fileWith('{"mcpServers":\n'), {});
    expect(cut.problems[0]).toMatch(/is not valid JSON: Unexpected end of JSON input \(line 2, column 1\)\.$/);
  });

  it('says so when the file has no mcpServers object', () => {
    const path = fileWith({ servers: {} });
    expect(loadMcpServers(path, {}).problems).toEqual([`The MCP servers file ${path} has no "mcpServers" object.`]);
    expect(load({ mcpServers: {} })).toEqual({ servers: [], problems: [] });
  });

  it('takes a missing file at the default path as no servers and no problem', () => {
    expect(loadMcpServers(join(dir, 'absent.json'), {})).toEqual({ servers: [], problems: [] });
  });

  it('reports a missing file that was named (required)', () => {
    const path = join(dir, 'absent.json');
    expect(loadMcpServers(path, {}, { required: true })).toEqual({
      servers: [],
      problems: [`The MCP servers file ${path} does not exist.`],
    });
  });

  it('reports a file it cannot read', () => {
    expect(loadMcpServers(dir, {}).problems).toEqual([`The MCP servers file ${dir} could not be read (EISDIR).`]);
  });
});
