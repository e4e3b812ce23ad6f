import { useQuery } from '@tanstack/react-query';
import { agentKnowledgeKey, type AgentKnowledgeStatus } from '../../lib/api/agent-knowledge';
import { baseName } from '../../lib/base-name';
import styles from './knowledge-notice.module.css';

/** How often the page asks again while a file is being read. */
const pollMs = 1_000;

export const knowledgeTexts = {
  reading: (files: string[]) => `Reading knowledge files: ${files.join(', ')}…`,
  failed: (file: string, reason: string | undefined) =>
    reason ? `${file} could not be read: ${reason}` : `${file} could not be read.`,
  missing: (file: string, reason: string | undefined) =>
    reason ? `${file} was not read: ${reason}` : `${file} was not read.`,
} as const;

/** The sentences the page shows: the files being read, then each file that failed or is missing, with why. */
export function knowledgeNotices(status: AgentKnowledgeStatus): string[] {
  const reading = status.files.filter((file) => file.status === 'indexing').map((file) => baseName(file.file));
  const problems = status.files.flatMap((file) =>
    file.status === 'failed'
      ? [knowledgeTexts.failed(baseName(file.file), file.reason)]
      : file.status === 'missing'
        ? [knowledgeTexts.missing(baseName(file.file), file.reason)]
        : [],
  );
  return [...(reading.length > 0 ? [knowledgeTexts.reading(reading)] : []), ...problems];
}

/**
 * A quiet line under the page's header while the agent's knowledge files are read, and for each file that could not
 * be read, with why. Asks GET /api/agents/:id/knowledge once, and again every second while anything is being read.
 */
export function KnowledgeNotice({ agentId }: { agentId: string }) {
  const status = useQuery<AgentKnowledgeStatus>({
    queryKey: agentKnowledgeKey(agentId),
    refetchInterval: (query) => (query.state.data?.indexing ? pollMs : false),
  });
  const notices = status.data ? knowledgeNotices(status.data) : [];
  return (
    <div role="status" className={notices.length > 0 ? styles.notice : styles.empty}>
      {notices.map((notice) => (
        <p key={notice}>{notice}</p>
      ))}
    </div>
  );
}
