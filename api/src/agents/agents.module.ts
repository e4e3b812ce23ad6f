import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { LlmModule } from '../llm';
import { AgentRegistry } from './agent-registry.service';
import { AgentsController } from './agents.controller';
import { AttachmentPolicy } from './attachment-policy';

@Module({
  imports: [LlmModule, AccessModule],
  controllers: [AgentsController],
  providers: [AgentRegistry, AttachmentPolicy],
  exports: [AgentRegistry, AttachmentPolicy],
})
export class AgentsModule {}
