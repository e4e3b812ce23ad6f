import { writeFileSync } from 'node:fs';

/** The MCP server the tool tests call: the reference server (@modelcontextprotocol/server-everything) over stdio. */
export const WORKING_SERVER = 'everything';
/** A declared MCP server whose command does not exist, so it never connects. */
export const DOWN_SERVER = 'nowhere';

/** The MCP servers file of the browser tests' app servers, in its per-run data directory. */
export function mcpServersFileUnder(dataRoot: string): string {
  return `${dataRoot}/mcp-servers.json`;
}

/** Writes the app servers' MCP_SERVERS_FILE: the reference server run by this node, and one that is down. */
export function writeMcpServersFile(path: string): void {
  const mcpServers = {
    [WORKING_SERVER]: {
      command: process.execPath,
      args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    },
    [DOWN_SERVER]: { command: 'mb-e2e-no-such-command' },
  };
  writeFileSync(path, JSON.stringify({ mcpServers }, null, 2));
}
