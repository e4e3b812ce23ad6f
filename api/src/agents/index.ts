export { AgentsModule } from './agents.module';
export { AgentDefinitionError, AgentRegistry } from './agent-registry.service';
export { displayPath } from './agent-files';
export { personaPrompt } from './persona-prompt';
export { AttachmentPolicy, type AcceptedAttachments } from './attachment-policy';
export { agentRefused, mayUse } from './agent-audience';
export { knowledgeFilesOf, type KnowledgeFile, type KnowledgeProblem } from './knowledge-paths';
