/* eslint-disable */
/**
 * Generated from schemas/wire/tools-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * GET /api/tools: the built-in tools and the deployment's MCP servers, each with its health and tools.
 */
export interface ToolsResponse {
  builtins: BuiltinToolState[];
  servers: McpServerState[];
}
export interface BuiltinToolState {
  name: string;
  description?: string;
  available: boolean;
  /**
   * Why it is not available (e.g. no SERPER_API_KEY).
   */
  reason?: string;
}
export interface McpServerState {
  name: string;
  transport: 'stdio' | 'streamable-http' | 'sse';
  state: 'connecting' | 'connected' | 'failed' | 'reconnecting';
  /**
   * The last connection error, in words (never an environment value).
   */
  lastError?: string;
  /**
   * Reconnecting: when the next attempt is.
   */
  retryInMs?: number;
  tools: McpToolInfo[];
}
export interface McpToolInfo {
  name: string;
  description?: string;
}
