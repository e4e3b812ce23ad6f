import { Inject, Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentKnowledgeStatus, KnowledgeFileState } from '@mb/contracts/types/wire/agent-knowledge';
import type { KnowledgeRead } from '@mb/contracts/types/wire/chat-message';
import { type AppConfig, APP_CONFIG } from '../config';
import { tokensOf } from '../llm';
import { KnowledgeIndexer } from './indexing/knowledge-indexer.service';
import { type KnowledgeFileRow, KnowledgeFileStore } from './indexing/knowledge-file.store';
import { cutTablesOf, type PlannedFile, planKnowledge, wholeCost } from './reading/knowledge-plan';
import { knowledgeRead } from './reading/knowledge-sources';
import { fileDescription, knowledgeText, type UnreadFile } from './reading/knowledge-text';
import { PassageRanking } from './retrieval/passage-ranking';
import { type PassageMeta, PassageStore } from './retrieval/passage.store';
import { asksAboutWholeTable } from './retrieval/question-terms';

const NO_ROOM =
  '# Knowledge files\nThis assistant has knowledge files, but none of them could be given with this message: the ' +
  "model's window has no room left beside it. Say so if the question may need them.";

/** The knowledge one model call reads: its text after the persona, and what the reply's provenance keeps of it. */
export interface KnowledgeGrounding {
  text: string;
  read: KnowledgeRead;
}

/** What a turn asks the knowledge with: the user's new message and the recent conversation before it. */
export interface KnowledgeQuestion {
  question: string;
  recent: string;
}

/** Where an agent's knowledge stands: each file it names and how its reading went. */
export interface KnowledgeFiles {
  ready: PlannedFile[];
  unread: UnreadFile[];
  rows: Map<string, KnowledgeFileRow>;
}

/**
 * An agent's knowledge for its turns: waited for while it is read (within KNOWLEDGE_WAIT_MS), then given whole when it
 * fits the turn's budget, else by the passages that matter for the question (PassageRanking), tables never cut
 * without saying so.
 */
@Injectable()
export class AgentKnowledge {
  /** Each file's passages, by file id, for the reading they came from: a turn reads them from memory. */
  private readonly metas = new Map<string, { version: string; passages: PassageMeta[] }>();

  constructor(
    private readonly indexer: KnowledgeIndexer,
    private readonly files: KnowledgeFileStore,
    private readonly passages: PassageStore,
    private readonly ranking: PassageRanking,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  has(agent: AgentDefinition): boolean {
    return (agent.knowledge?.length ?? 0) > 0;
  }

  /** What the agent's knowledge costs given whole now, in tokens (0 without any). */
  async wholeTokens(agent: AgentDefinition): Promise<number> {
    if (!this.has(agent)) return 0;
    return wholeCost((await this.filesOf(agent)).ready);
  }

  /** Its files now: those read with their passages, and those not (being read, failed, missing) with why. */
  async filesOf(agent: AgentDefinition): Promise<KnowledgeFiles> {
    const { files, problems } = this.indexer.resolve(agent);
    const rows = await this.files.files(files.map((file) => file.name));
    const ready: PlannedFile[] = [];
    const unread: UnreadFile[] = problems.map((problem) => ({ name: problem.name, why: problem.message }));
    for (const file of files) {
      const row = rows.get(file.name);
      if (row?.status === 'ready' && !this.indexer.isIndexing(file.name)) {
        const version = `${row.contentHash}@${row.indexedAt?.getTime()}`;
        ready.push({
          id: row.id,
          name: file.name,
          mediaType: row.mediaType ?? 'text/plain',
          pages: row.pages,
          tableRows: row.tableRows,
          version,
          passages: await this.passagesOf(row.id, version),
        });
      } else if (row?.status === 'failed') unread.push({ name: file.name, why: `could not be read: ${row.reason}` });
      else unread.push({ name: file.name, why: 'still being read' });
    }
    return { ready, unread, rows };
  }

  /** GET /api/agents/:id/knowledge: each file the agent names and how its reading went. */
  async status(agent: AgentDefinition): Promise<AgentKnowledgeStatus> {
    const { files, problems } = this.indexer.resolve(agent);
    const rows = await this.files.files(files.map((file) => file.name));
    const states = files.map(({ name }): KnowledgeFileState => {
      const row = rows.get(name);
      if (!row || row.status === 'indexing' || this.indexer.isIndexing(name)) return { file: name, status: 'indexing' };
      if (row.status === 'failed') return { file: name, status: 'failed', reason: row.reason ?? 'it cannot be read' };
      return {
        file: name,
        status: 'ready',
        description: fileDescription({
          mediaType: row.mediaType ?? 'text/plain',
          pages: row.pages,
          tableRows: row.tableRows,
        }),
        passages: row.passages,
        tokens: row.tokens,
      };
    });
    const missing = problems.map(({ name, message }): KnowledgeFileState => ({
      file: name,
      status: 'missing',
      reason: message,
    }));
    const all = [...states, ...missing];
    return { indexing: all.some((state) => state.status === 'indexing'), files: all };
  }

  /**
   * The knowledge for one model call within `budget` tokens, once the files it names are read (or
   * KNOWLEDGE_WAIT_MS has passed: those still being read are then named as not read). Undefined without knowledge
   * or when its paths hold no files yet.
   */
  async ground(
    agent: AgentDefinition,
    ask: KnowledgeQuestion,
    budget: number,
    signal?: AbortSignal,
  ): Promise<KnowledgeGrounding | undefined> {
    if (!this.has(agent)) return undefined;
    const { files: named, problems } = this.indexer.resolve(agent);
    // Folders with no files yet (a placeholder kept in git is hidden): there is nothing to tell the model.
    if (!named.length && !problems.length) return undefined;
    await this.indexer.refresh(named);
    await this.indexer.settled(
      named.map((file) => file.name),
      this.config.knowledge.waitMs,
    );
    signal?.throwIfAborted();
    const { ready, unread } = await this.filesOf(agent);
    const scores = await this.ranking.scores(ready, ask, signal);
    const plan = planKnowledge(ready, budget, scores, asksAboutWholeTable(ask.question));
    let texts = await this.passages.texts(plan.chosen.map((passage) => passage.id));
    let text = knowledgeText(plan, ready, texts, unread);
    // The plan counts labels by estimate: past the budget by our tokenizer, the least relevant passages go.
    while (plan.chosen.length && tokensOf(text) > budget) {
      const weakest = [...plan.chosen].sort((a, b) => (scores.get(a.id) ?? 0) - (scores.get(b.id) ?? 0))[0];
      plan.chosen.splice(plan.chosen.indexOf(weakest), 1);
      plan.read = 'passages';
      plan.cutTables = cutTablesOf(ready, plan.chosen);
      texts = new Map([...texts].filter(([id]) => id !== weakest.id));
      text = knowledgeText(plan, ready, texts, unread);
    }
    // No room even for the list of files: the model is told in one line that it has not read them.
    if (tokensOf(text) > budget) text = NO_ROOM;
    return { text, read: knowledgeRead(plan, ready, texts, scores, unread, tokensOf(text)) };
  }

  private async passagesOf(fileId: string, version: string): Promise<PassageMeta[]> {
    const cached = this.metas.get(fileId);
    if (cached?.version === version) return cached.passages;
    const passages = await this.passages.metas([fileId]);
    this.metas.set(fileId, { version, passages });
    return passages;
  }
}
