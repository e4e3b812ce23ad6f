export { SessionsModule } from './sessions.module';
export { ChatMessageEntity, MAX_MESSAGE_ORDER, MESSAGE_ROLES, type MessageRole } from './chat-message.entity';
export { ChatSessionEntity } from './chat-session.entity';
export { ChatSessions } from './chat-sessions.service';
export { NEXT_CURSOR_HEADER, parseLimit, parseOrderCursor } from './paging';
export { toSessionDto } from './session-dto';
export { sessionIdPipe } from './session-id.pipe';
export { sessionTitle } from './session-title';
export { SessionStore, type NewSession } from './session.store';
