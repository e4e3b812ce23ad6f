export type { HttpServerConfig, McpServerConfig, StdioServerConfig } from './mcp-server-config';
export { loadMcpServers, MCP_SERVER_NAME, type LoadedMcpServers } from './mcp-servers-file';
export type { McpLogger, McpTool } from './mcp-server-connection';
export {
  McpConnections,
  type McpCallResult,
  type McpConnectionsOptions,
  type McpServerStatus,
} from './mcp-connections';
export { McpCallFailed, type McpCallFailureReason } from './mcp-call-failed';
export { toolResultText } from './tool-result-text';
