export { LlmModule } from './llm.module';
export { ChatModel, type ModelMessage } from './chat-model.service';
export { ModelClients } from './model-clients';
export { MODEL_CALL_ERRORS, ModelCallAborted, ModelFailure } from './model-failure';
export { ModelKey } from './model-key.decorator';
export { personaPrompt } from './persona-prompt';
export { ReplyRouter } from './reply-router';
export {
  MAX_CONTEXT_MESSAGES,
  type ModelSettings,
  type PreparedReply,
  type ReplyContext,
} from './strategies/reply-strategy';
