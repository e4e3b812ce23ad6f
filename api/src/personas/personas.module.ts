import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { MessagesModule } from '../messages';
import { SessionsModule } from '../sessions';
import { ChatPersonasController } from './chat-personas.controller';
import { ChatPersonas } from './chat-personas.service';
import { PersonaHistoryStore } from './persona-history.store';

@Module({
  imports: [AgentsModule, SessionsModule, MessagesModule],
  controllers: [ChatPersonasController],
  providers: [PersonaHistoryStore, ChatPersonas],
  exports: [ChatPersonas],
})
export class PersonasModule {}
