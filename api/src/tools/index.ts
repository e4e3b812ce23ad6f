export { ToolsModule } from './tools.module';
export { ToolCatalog, type AgentToolset, type GrantedTool, type TurnScope } from './tool-catalog.service';
export { MEMORY_TOOL_NAMES, type MemoryFacts } from './builtins/memory';
export { McpServers } from './mcp-servers.service';
export type { ToolDefinition } from './tool-definition';
export { capOutput, HISTORY_OUTPUT_MAX_CHARS, TOOL_OUTPUT_MAX_CHARS } from './tool-output';
export { answerWithTools, type ToolLoopHost, type ToolLoopInput, type ToolLoopResult } from './tool-loop';
export {
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  DEFAULT_MAX_TOOL_STEPS,
  grantedName,
  type ToolGrant,
  toolGrantsOf,
} from './tool-grants';
