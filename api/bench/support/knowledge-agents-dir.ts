import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { textPdf } from '../../test/fixtures/files/make-documents';
import { BENCH_AGENT, BENCH_AGENTS_DIR } from './bench-kit';
import { handbook, shortHandbook } from './knowledge-corpus';

/** The bench agent's window here: the 300-page PDF (about 45,000 tokens) does not fit it, the short handbook does. */
export const WINDOW_TOKENS = 16_000;
export const HANDBOOKS = 20;
export const SECTIONS_PER_HANDBOOK = 500;

/** The same agent four times: without knowledge, with a file it reads whole, with the PDF, with 10,000 passages. */
export const KNOWLEDGE_AGENTS = {
  none: 'bench-no-knowledge',
  whole: 'bench-knowledge-whole',
  pdf: 'bench-knowledge-pdf',
  corpus: 'bench-knowledge-10k',
} as const;
export type KnowledgeCase = keyof typeof KNOWLEDGE_AGENTS;

export const PDF_FILE = `knowledge/${KNOWLEDGE_AGENTS.pdf}/survey.pdf`;
export const handbookFile = (i: number) =>
  `knowledge/${KNOWLEDGE_AGENTS.corpus}/handbook-${String(i + 1).padStart(2, '0')}.md`;

function agentFile(id: string, knowledge: boolean): AgentDefinition {
  const base = JSON.parse(readFileSync(join(BENCH_AGENTS_DIR, `${BENCH_AGENT}.json`), 'utf8')) as AgentDefinition & {
    $schema?: string;
  };
  delete base.$schema;
  return {
    ...base,
    id,
    routes: [`/${id}`],
    model: { ...base.model, contextWindow: WINDOW_TOKENS },
    ...(knowledge && { knowledge: [`knowledge/${id}/`] }),
  };
}

/** Writes the four agents and their knowledge files into `dir` (an AGENTS_DIR); answers the agents by case. */
export async function writeKnowledgeAgents(dir: string): Promise<Record<KnowledgeCase, AgentDefinition>> {
  const agents = Object.fromEntries(
    Object.entries(KNOWLEDGE_AGENTS).map(([name, id]) => [name, agentFile(id, name !== 'none')]),
  ) as Record<KnowledgeCase, AgentDefinition>;
  for (const [name, agent] of Object.entries(agents)) {
    writeFileSync(join(dir, `${agent.id}.json`), JSON.stringify(agent, null, 2));
    if (name !== 'none') mkdirSync(join(dir, 'knowledge', agent.id), { recursive: true });
  }
  writeFileSync(join(dir, 'knowledge', KNOWLEDGE_AGENTS.whole, 'handbook.md'), shortHandbook());
  writeFileSync(join(dir, PDF_FILE), await textPdf(300));
  for (let i = 0; i < HANDBOOKS; i++) writeFileSync(join(dir, handbookFile(i)), handbook(i, SECTIONS_PER_HANDBOOK));
  return agents;
}
