// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { grantedTools } from './granted-tools';
import { formatDuration, parseToolName, toolLabel } from './tool-labels';

describe(toolLabel.name, () => {
  it('names built-ins as people say them, and an MCP tool with its server', () => {
    expect(toolLabel('web_search')).toBe('Web search');
    expect(toolLabel('a_new_builtin')).toBe('a_new_builtin');
    expect(toolLabel('mcp:everything/echo')).toBe('echo (everything)');
    expect(toolLabel('mcp:everything')).toBe('everything');
  });
});

describe(parseToolName.name, () => {
  it('keeps a tool name’s slashes after the server', () => {
    expect(parseToolName('mcp:git/log/short')).toEqual({ kind: 'mcp', server: 'git', tool: 'log/short' });
  });
});

describe(formatDuration.name, () => {
  it('says milliseconds under a tenth of a second, tenths of seconds under a minute, then minutes', () => {
    expect([12, 412, 1000, 15_049, 125_000].map(formatDuration)).toEqual([
      '12 ms',
      '0.4 s',
      '1.0 s',
      '15.0 s',
      '2 min 5 s',
    ]);
  });
});

describe(grantedTools.name, () => {
  it('collects the built-ins and the MCP servers of an agent’s grants, each once', () => {
    expect(
      grantedTools([
        'calculator',
        { use: 'web_search', policy: 'confirm' },
        'mcp:files/read',
        { use: 'mcp:files/write', policy: 'confirm' },
        'mcp:wiki',
      ]),
    ).toEqual({ builtins: ['calculator', 'web_search'], servers: ['files', 'wiki'] });
    expect(grantedTools(undefined)).toEqual({ builtins: [], servers: [] });
  });
});
