import { Controller, Get, Param } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { PublicAgent } from '@mb/contracts/types/wire/public-agent';
import { Public } from '../access';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { AgentRegistry } from './agent-registry.service';
import { AttachmentPolicy } from './attachment-policy';

const toPublic = ({ id, routes, display, access }: AgentDefinition): PublicAgent => ({ id, routes, display, access });

@Controller('agents')
export class AgentsController {
  constructor(
    private readonly registry: AgentRegistry,
    private readonly attachments: AttachmentPolicy,
  ) {}

  @Public()
  @Get()
  @Answers({
    summary: 'Every agent, as much as a browser may know before access (no persona)',
    json: 'wire/public-agent',
    list: true,
  })
  list(): PublicAgent[] {
    return this.registry.list().map(toPublic);
  }

  @Get(':id')
  @Answers({
    summary: "One agent's whole definition",
    description: 'With `model.vision` and `input.attachments` as this server resolves them when the agent takes uploads.',
    json: 'agent',
    errors: ['NOT_FOUND'],
  })
  get(@Param('id') id: string): AgentDefinition {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    return this.attachments.resolved(agent);
  }
}
