import { Module } from '@nestjs/common';
import { AgentRegistry } from './agent-registry.service';
import { AgentsController } from './agents.controller';

@Module({
  controllers: [AgentsController],
  providers: [AgentRegistry],
  exports: [AgentRegistry],
})
export class AgentsModule {}
