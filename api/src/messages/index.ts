export { MessagesModule } from './messages.module';
export { ChatMessages } from './chat-messages.service';
export { coerceContent, coerceRole, MAX_MESSAGE_LENGTH } from './message-coercion';
export { toMessageDto, toMessageDtos, toTurnMessageDto } from './message-dto';
export { messageRefusals, type MessageRefusal } from './message-refusals';
export { MessageStore, type AppendResult, type NewMessage } from './message.store';
export {
  DROP_SUMMARY_FROM,
  type ExchangeVersions,
  LIVE_TAIL,
  lastExchange,
  VERSION_COUNT,
  versionRefusals,
  type VersionRefusal,
} from './versions';
