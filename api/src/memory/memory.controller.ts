import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentMemoryList } from '@mb/contracts/types/wire/agent-memory';
import type { MemoryExport } from '@mb/contracts/types/wire/memory-export';
import type { MemoryImportResponse } from '@mb/contracts/types/wire/memory-import-response';
import type { UpdateMemoryFactRequest } from '@mb/contracts/types/wire/update-memory-fact-request';
import { CurrentViewer, ownerOf, type Viewer } from '../access';
import { agentRefused, AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import { ChatAccess } from '../sessions';
import { AgentMemory } from './agent-memory.service';
import { importSentence, memoryExport, toFactView } from './memory-views';

/** What an agent remembers for the person asking: listed, edited, deleted, exported and imported on its page. */
@Controller('agents/:id/memory')
export class MemoryController {
  constructor(
    private readonly registry: AgentRegistry,
    private readonly memory: AgentMemory,
    private readonly access: ChatAccess,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Answers({
    summary: 'What the agent remembers for you, oldest first, with where each fact came from',
    description:
      "Your own facts (the circle's when no people are configured): a fact names its chat only when you may open it.",
    json: 'wire/agent-memory',
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async list(@Param('id') id: string, @CurrentViewer() viewer: Viewer): Promise<AgentMemoryList> {
    const agent = this.agentFor(id, viewer);
    const settings = this.memory.enabled(agent);
    const facts = await this.memory.listed(agent, ownerOf(viewer), this.access.scope(viewer));
    return {
      facts: facts.map(toFactView),
      maxFacts: settings.maxFacts,
      maxFactChars: settings.maxFactChars,
      policy: settings.policy,
    };
  }

  @Patch(':factId')
  @Answers({
    summary: "Change a remembered fact's text",
    json: 'wire/agent-memory',
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async edit(
    @Param('id') id: string,
    @Param('factId') factId: string,
    @Body(validBody('update-memory-fact-request')) body: UpdateMemoryFactRequest,
    @CurrentViewer() viewer: Viewer,
  ): Promise<AgentMemoryList> {
    const agent = this.agentFor(id, viewer);
    await this.memory.edit(agent, ownerOf(viewer), factId, body.text);
    return this.list(id, viewer);
  }

  @Delete(':factId')
  @HttpCode(204)
  @Answers({ summary: 'Delete one remembered fact', empty: true, errors: ['NOT_FOUND', 'FORBIDDEN'] })
  async remove(
    @Param('id') id: string,
    @Param('factId') factId: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<void> {
    await this.memory.delete(this.agentFor(id, viewer), ownerOf(viewer), factId);
  }

  @Delete()
  @HttpCode(204)
  @Answers({
    summary: 'Delete everything the agent remembers for you',
    empty: true,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async removeAll(@Param('id') id: string, @CurrentViewer() viewer: Viewer): Promise<void> {
    await this.memory.deleteAll(this.agentFor(id, viewer), ownerOf(viewer));
  }

  @Get('export')
  @Answers({
    summary: 'Download what the agent remembers for you',
    description: 'A MemoryExport file that POST …/memory/import takes back, here or into another agent with memory.',
    json: 'wire/memory-export',
    headers: { 'Content-Disposition': 'attachment, named for the agent.' },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async export(
    @Param('id') id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MemoryExport> {
    const agent = this.agentFor(id, viewer);
    this.memory.enabled(agent);
    const facts = await this.memory.facts(agent, ownerOf(viewer));
    res.setHeader('Content-Disposition', `attachment; filename="${agent.id}-memory.json"`);
    return memoryExport(agent.id, facts, this.clock.now());
  }

  @Post('import')
  @HttpCode(200)
  @Answers({
    summary: 'Bring back remembered facts from an export',
    description:
      'Facts already remembered are skipped; facts past the limits (memory full, too long) are left out and counted, ' +
      'never made room for by dropping others.',
    json: 'wire/memory-import-response',
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async import(
    @Param('id') id: string,
    @Body(validBody('memory-export')) body: MemoryExport,
    @CurrentViewer() viewer: Viewer,
  ): Promise<MemoryImportResponse> {
    const agent = this.agentFor(id, viewer);
    const facts = body.facts.map((fact) => ({
      text: fact.text,
      createdAt: new Date(fact.createdAt),
      updatedAt: new Date(fact.updatedAt),
    }));
    const counts = await this.memory.import(agent, ownerOf(viewer), facts);
    return { ...counts, message: importSentence(counts, this.memory.enabled(agent).maxFacts) };
  }

  private agentFor(id: string, viewer: Viewer): AgentDefinition {
    const agent = this.registry.get(id);
    if (!agent) throw AppError.notFound(`Agent "${id}"`);
    if (!mayUse(viewer, agent)) throw agentRefused(agent);
    return agent;
  }
}
