import { Controller, Get, Param } from '@nestjs/common';
import type { AgentKnowledgeStatus } from '@mb/contracts/types/wire/agent-knowledge';
import { CurrentViewer, type Viewer } from '../access';
import { agentRefused, AgentRegistry, mayUse } from '../agents';
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
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async status(@Param('id') id: string, @CurrentViewer() viewer: Viewer): Promise<AgentKnowledgeStatus> {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    if (!mayUse(viewer, agent)) throw agentRefused(agent);
    return this.knowledge.status(agent);
  }
}
