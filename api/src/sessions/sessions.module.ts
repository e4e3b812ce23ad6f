import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { ChatSessionsController } from './chat-sessions.controller';
import { ChatSessions } from './chat-sessions.service';
import { SessionStore } from './session.store';

@Module({
  imports: [AgentsModule],
  controllers: [ChatSessionsController],
  providers: [SessionStore, ChatSessions],
  exports: [SessionStore, ChatSessions],
})
export class SessionsModule {}
