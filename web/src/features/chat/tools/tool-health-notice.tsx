import { useQuery } from '@tanstack/react-query';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { toolsKey, type ToolsResponse } from '../../../lib/api/tools';
import { grantedTools } from './granted-tools';
import { toolHealthNotices } from './tool-health';
import styles from './tool-health-notice.module.css';

/** While a tool is down, its health is asked again now and then, so the notice goes once it is back. */
const recheckMs = 30_000;

/**
 * Says, above the composer, which of the agent's tools the server cannot offer right now (a failed MCP
 * server, an unconfigured built-in). Asks GET /api/tools only for an agent whose file grants tools.
 */
export function ToolHealthNotice({ tools }: { tools: AgentDefinition['tools'] }) {
  const granted = grantedTools(tools);
  const relies = granted.builtins.length + granted.servers.length > 0;
  const health = useQuery<ToolsResponse>({
    queryKey: toolsKey,
    enabled: relies,
    refetchInterval: (query) =>
      query.state.data && toolHealthNotices(granted, query.state.data).length > 0 ? recheckMs : false,
  });
  if (!relies) return null;
  const notices = health.data ? toolHealthNotices(granted, health.data) : [];
  return (
    <div role="status" className={notices.length > 0 ? styles.notice : undefined}>
      {notices.map((notice) => (
        <p key={notice}>{notice}</p>
      ))}
    </div>
  );
}
