import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { PersonaApplied } from '@mb/contracts/types/wire/persona-applied';
import type { PersonaChanges } from '@mb/contracts/types/wire/persona-changes';
import type { PersonaView } from '@mb/contracts/types/wire/persona-view';
import type { RestorePersonaRequest } from '@mb/contracts/types/wire/restore-persona-request';
import { CurrentViewer, type Viewer } from '../access';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import { toMessageDto } from '../messages';
import { ChatAccess, sessionIdPipe, toSessionDto } from '../sessions';
import { ChatPersonas, toHistoryEntryDto, type AppliedPersona } from './chat-personas.service';
import { PersonaBodyPipe } from './persona-body.pipe';

const writeNote =
  "Only for a reconfigurable agent's chat (400 otherwise). The agent's reconfiguration greeting is appended " +
  'to the conversation, as when a configuration is pasted into the chat, and the change joins the history.';

/** The persona panel: the persona a chat uses, its history, and changing it. */
@Controller('chat/sessions/:id/persona')
export class ChatPersonasController {
  constructor(
    private readonly personas: ChatPersonas,
    private readonly access: ChatAccess,
  ) {}

  private applied(viewer: Viewer, { session, entry, message }: AppliedPersona): PersonaApplied {
    return {
      session: toSessionDto(session, this.access.sharingOf(viewer, session)),
      entry: toHistoryEntryDto(entry),
      message: toMessageDto(message),
    };
  }

  @Get()
  @Answers({
    summary: "A chat's persona: in force, the agent's own, and its history",
    json: 'wire/persona-view',
    errors: ['NOT_FOUND'],
  })
  view(@Param('id', sessionIdPipe) id: string): Promise<PersonaView> {
    return this.personas.view(id);
  }

  @Put()
  @Answers({
    summary: "Replace a chat's persona (as pasting the configuration into the chat does)",
    description: `${writeNote} An invalid configuration is refused with the words a pasted one gets.`,
    json: 'wire/persona-applied',
    errors: ['NOT_FOUND'],
  })
  async apply(
    @Param('id', sessionIdPipe) id: string,
    @Body(new PersonaBodyPipe()) persona: AgentConfig,
    @CurrentViewer() viewer: Viewer,
  ): Promise<PersonaApplied> {
    return this.applied(viewer, await this.personas.apply(id, persona));
  }

  @Post('restore')
  @HttpCode(200)
  @Answers({
    summary: "Go back to a persona of the chat's history",
    description: writeNote,
    json: 'wire/persona-applied',
    errors: ['NOT_FOUND'],
  })
  async restore(
    @Param('id', sessionIdPipe) id: string,
    @Body(validBody('restore-persona-request')) body: RestorePersonaRequest,
    @CurrentViewer() viewer: Viewer,
  ): Promise<PersonaApplied> {
    return this.applied(viewer, await this.personas.restore(id, body.historyId));
  }

  @Post('reset')
  @HttpCode(200)
  @Answers({
    summary: "Go back to the agent file's persona",
    description: writeNote,
    json: 'wire/persona-applied',
    errors: ['NOT_FOUND'],
  })
  async reset(@Param('id', sessionIdPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<PersonaApplied> {
    return this.applied(viewer, await this.personas.reset(id));
  }

  @Get('changes')
  @Answers({
    summary: "How a chat's persona differs from the agent file's",
    description: 'Domains by title, guidelines by content (with priority changes), the role description word by word.',
    json: 'wire/persona-changes',
    errors: ['NOT_FOUND'],
  })
  changes(@Param('id', sessionIdPipe) id: string): Promise<PersonaChanges> {
    return this.personas.changes(id);
  }
}
