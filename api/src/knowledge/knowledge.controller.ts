import { Controller, Get, Param } from '@nestjs/common';
import type { AgentKnowledgeStatus } from '@mb/contracts/types/wire/agent-knowledge';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { AgentKnowledge } from './agent-knowledge.service';

@Controller('agents')
export class KnowledgeController {
  constructor(
    private readonly registry: AgentRegistry,
    private readonly knowledge: AgentKnowledge,
  ) {}

  @Get(':id/knowledge')
  @Answers({
    summary: "An agent's knowledge files and how their reading went",
    description:
      'Each file its `knowledge` names, in order: being read (a turn waits for it), read (what it is, its passages and ' +
      'tokens), failed or missing (why). Poll it while `indexing` is true.',
    json: 'wire/agent-knowledge',
    errors: ['NOT_FOUND'],
  })
  async status(@Param('id') id: string): Promise<AgentKnowledgeStatus> {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    return this.knowledge.status(agent);
  }
}
