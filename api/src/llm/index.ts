export { LlmModule } from './llm.module';
export {
  ChatModel,
  type ModelRequest,
  type ModelUsage,
  type ResponseFormat,
  type StreamedReply,
} from './chat-model.service';
export {
  messageText,
  type ModelAttachment,
  type ModelImage,
  type ModelMessage,
  type ModelText,
  type ModelTool,
  type ModelToolCall,
} from './model-message';
export { ContextWindows } from './context/context-windows';
export { ModelVision } from './context/model-vision';
export { assertMessageFits, fitContext, MessageTooLong, messageBudget } from './context/fit-context';
export { attachmentTokens, messageTokens, promptTokens, tokensOf } from './context/token-count';
export { ModelClients } from './model-clients';
export { MODEL_CALL_ERRORS, ModelCallAborted, ModelFailure, ToolsRefused } from './model-failure';
export { ModelKey } from './model-key.decorator';
export { ModelWarmup } from './model-warmup';
export { modelSettings } from './model-settings';
export { ReplyRouter, type RoutedReply } from './reply-router';
export {
  MAX_CONTEXT_MESSAGES,
  type Grounding,
  type ModelSettings,
  type PreparedReply,
  type ReplyContext,
  preparedReply,
} from './strategies/reply-strategy';
