import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { SessionsModule } from '../sessions';
import { AgentMemory } from './agent-memory.service';
import { MemoryController } from './memory.controller';
import { MemoryStore } from './memory.store';

/** What agents with `memory` remember across chats, per person: the facts, their routes, and the turns' side of them. */
@Module({
  imports: [AgentsModule, SessionsModule],
  controllers: [MemoryController],
  providers: [AgentMemory, MemoryStore],
  exports: [AgentMemory],
})
export class MemoryModule {}
