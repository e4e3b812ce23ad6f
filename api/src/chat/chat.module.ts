import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ChatSessionsController } from './chat-sessions.controller';
import { ChatService } from './chat.service';
import { ChatStore } from './chat.store';

@Module({
  imports: [AgentsModule],
  controllers: [ChatSessionsController],
  providers: [ChatStore, ChatService],
  exports: [ChatService],
})
export class ChatModule {}
