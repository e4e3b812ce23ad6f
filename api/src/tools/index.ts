export { ToolsModule } from './tools.module';
export { ToolCatalog, type AgentToolset, type GrantedTool } from './tool-catalog.service';
export { McpServers } from './mcp-servers.service';
export type { ToolDefinition } from './tool-definition';
export { capOutput, HISTORY_OUTPUT_MAX_CHARS, TOOL_OUTPUT_MAX_CHARS } from './tool-output';
