import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { PublicAgent } from '@mb/contracts/types/wire/public-agent';
import { CurrentViewer, maybeViewerOf, PeopleRegistry, Public, type Viewer } from '../access';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { agentRefused, mayUse } from './agent-audience';
import { AgentRegistry } from './agent-registry.service';
import { AttachmentPolicy } from './attachment-policy';

const toPublic = ({ id, routes, display, access }: AgentDefinition): PublicAgent => ({ id, routes, display, access });

/** An agent meant for others: enough for its page to ask for a code or say so; no card, no description. */
const toRestricted = ({ id, routes, display, access }: AgentDefinition): PublicAgent => ({
  id,
  routes,
  display: { title: display.title, header: display.header, name: display.name, loadingText: display.loadingText },
  access,
  restricted: true,
});

@Controller('agents')
export class AgentsController {
  constructor(
    private readonly registry: AgentRegistry,
    private readonly attachments: AttachmentPolicy,
    private readonly people: PeopleRegistry,
  ) {}

  @Public()
  @Get()
  @Answers({
    summary: 'Every agent, as much as a browser may know before access (no persona)',
    description:
      'Once people are configured, an agent whose `audience` leaves the viewer out (or, before access, any agent ' +
      'with an audience) is listed `restricted`: its routes and names only, for its page to ask for a code or say ' +
      'it is meant for someone else.',
    json: 'wire/public-agent',
    list: true,
  })
  list(@Req() req: Request): PublicAgent[] {
    const agents = this.registry.list();
    if (!this.people.configured) return agents.map(toPublic);
    const viewer = maybeViewerOf(req);
    return agents.map((agent) =>
      (viewer ? mayUse(viewer, agent) : !agent.audience) ? toPublic(agent) : toRestricted(agent),
    );
  }

  @Get(':id')
  @Answers({
    summary: "One agent's whole definition",
    description: 'With `model.vision` and `input.attachments` as this server resolves them when the agent takes uploads.',
    json: 'agent',
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  get(@Param('id') id: string, @CurrentViewer() viewer: Viewer): AgentDefinition {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    if (!mayUse(viewer, agent)) throw agentRefused(agent);
    return this.attachments.resolved(agent);
  }
}
