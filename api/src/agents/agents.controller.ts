import { Controller, Get, Param } from '@nestjs/common';
import type { AgentDefinition } from '../../../schemas/types/agent';
import { Public } from '../access';
import { AppError } from '../common/app-error';
import { AgentRegistry } from './agent-registry.service';

/** What a browser may know of an agent before access: enough to route and gate, no persona. */
export type PublicAgent = Pick<AgentDefinition, 'id' | 'routes' | 'display' | 'access'>;

const toPublic = ({ id, routes, display, access }: AgentDefinition): PublicAgent => ({ id, routes, display, access });

@Controller('agents')
export class AgentsController {
  constructor(private readonly registry: AgentRegistry) {}

  @Public()
  @Get()
  list(): PublicAgent[] {
    return this.registry.list().map(toPublic);
  }

  @Get(':id')
  get(@Param('id') id: string): AgentDefinition {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    return agent;
  }
}
