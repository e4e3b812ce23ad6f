import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { AgentsModule } from '../agents';
import { ChatAccess } from './chat-access.service';
import { ChatAccessGuard } from './chat-access.guard';
import { ChatSessionsController } from './chat-sessions.controller';
import { ChatSessions } from './chat-sessions.service';
import { SessionStore } from './session.store';

@Module({
  imports: [AgentsModule, AccessModule],
  controllers: [ChatSessionsController],
  providers: [SessionStore, ChatSessions, ChatAccess, ChatAccessGuard],
  // AppModule makes the guard global, after the access guard and the body parser.
  exports: [SessionStore, ChatSessions, ChatAccess, ChatAccessGuard],
})
export class SessionsModule {}
