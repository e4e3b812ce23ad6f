export { MessagesModule } from './messages.module';
export { ChatMessages } from './chat-messages.service';
export { coerceContent, coerceRole } from './message-coercion';
export { toMessageDto, toTurnMessageDto } from './message-dto';
export { messageRefusals } from './message-refusals';
export { MessageStore } from './message.store';
export { DROP_SUMMARY_FROM, LIVE_TAIL, lastExchange, VERSION_COUNT, versionRefusals } from './versions';
