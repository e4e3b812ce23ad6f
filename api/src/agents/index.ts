export { AgentsModule } from './agents.module';
export { AgentDefinitionError, AgentRegistry } from './agent-registry.service';
export { displayPath } from './agent-files';
export { personaPrompt } from './persona-prompt';
export { AttachmentPolicy, DEFAULT_MAX_FILES, NO_VISION_REASON, type AcceptedAttachments } from './attachment-policy';
export {
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  DEFAULT_MAX_TOOL_STEPS,
  grantedName,
  type ToolGrant,
  toolGrantsOf,
} from './tool-grants';
