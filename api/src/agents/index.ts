export { AgentsModule } from './agents.module';
export { AgentDefinitionError, AgentRegistry } from './agent-registry.service';
export { displayPath } from './agent-files';
export { personaPrompt } from './persona-prompt';
export { AttachmentPolicy, DEFAULT_MAX_FILES, NO_VISION_REASON, type AcceptedAttachments } from './attachment-policy';
