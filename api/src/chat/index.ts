export { ChatModule } from './chat.module';
export { ChatMessageEntity } from './chat-message.entity';
export { ChatSessionEntity } from './chat-session.entity';
