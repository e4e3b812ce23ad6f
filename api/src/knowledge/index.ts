export { KnowledgeModule } from './knowledge.module';
export { AgentKnowledge, type KnowledgeGrounding, type KnowledgeQuestion } from './agent-knowledge.service';
export { KNOWLEDGE_SHARE } from './knowledge-share';
export { checkKnowledge, type AgentKnowledgeCheck } from './knowledge-check';
export { knowledgeQuestion } from './knowledge-question';
export { knowledgeWithoutNest, type KnowledgeWithoutNest } from './knowledge-without-nest';
export { storeWords } from './indexing/passage-words';
