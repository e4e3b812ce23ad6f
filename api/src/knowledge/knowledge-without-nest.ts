import type { DataSource } from 'typeorm';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AgentRegistry } from '../agents';
import type { Clock } from '../common/clock';
import type { AppConfig } from '../config';
import { ModelClients } from '../llm';
import { AgentKnowledge } from './agent-knowledge.service';
import { KnowledgeFileStore } from './indexing/knowledge-file.store';
import { KnowledgeIndexer } from './indexing/knowledge-indexer.service';
import { Embeddings } from './retrieval/embeddings';
import { PassageRanking } from './retrieval/passage-ranking';
import { PassageStore } from './retrieval/passage.store';

export interface KnowledgeWithoutNest {
  knowledge: AgentKnowledge;
  /** Reads these agents' files (those not read yet or changed) and resolves once all are read, or after `timeoutMs`. */
  readFilesOf(agents: AgentDefinition[], timeoutMs: number): Promise<boolean>;
  /** Stops reading: call before the database closes. */
  close(): void;
}

/**
 * The knowledge services wired as KnowledgeModule wires them, for a process without Nest (npm run agents:eval). Its
 * indexer never starts (no watcher, no reading of every agent's files, no removal of files other agents name): a
 * file is read when an agent of the process asks for it, into the same tables the server reads.
 */
export function knowledgeWithoutNest(db: DataSource, config: AppConfig, clock: Clock): KnowledgeWithoutNest {
  const embeddings = new Embeddings(config, new ModelClients(config));
  const files = new KnowledgeFileStore(db, clock);
  const passages = new PassageStore(db);
  // The registry is only read by the indexer's own start (onModuleInit), which this process never calls.
  const indexer = new KnowledgeIndexer(new AgentRegistry(config), files, embeddings, config);
  const knowledge = new AgentKnowledge(indexer, files, passages, new PassageRanking(passages, embeddings), config);
  return {
    knowledge,
    async readFilesOf(agents, timeoutMs) {
      const named = agents.flatMap((agent) => indexer.resolve(agent).files);
      await indexer.refresh(named);
      return indexer.settled(
        named.map((file) => file.name),
        timeoutMs,
      );
    },
    close: () => indexer.onModuleDestroy(),
  };
}
