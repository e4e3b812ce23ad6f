import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { LlmModule } from '../llm';
import { AgentKnowledge } from './agent-knowledge.service';
import { KnowledgeFileStore } from './indexing/knowledge-file.store';
import { KnowledgeIndexer } from './indexing/knowledge-indexer.service';
import { KnowledgeController } from './knowledge.controller';
import { Embeddings } from './retrieval/embeddings';
import { PassageRanking } from './retrieval/passage-ranking';
import { PassageStore } from './retrieval/passage.store';

/** Agents' knowledge files: read and indexed in PostgreSQL, and chosen from for each turn (AgentKnowledge). */
@Module({
  imports: [AgentsModule, LlmModule],
  controllers: [KnowledgeController],
  providers: [AgentKnowledge, KnowledgeIndexer, KnowledgeFileStore, PassageStore, PassageRanking, Embeddings],
  exports: [AgentKnowledge],
})
export class KnowledgeModule {}
