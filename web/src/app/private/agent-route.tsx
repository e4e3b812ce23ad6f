import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner/spinner';
import { AccessGate } from '../../features/access/access-gate';
import { ModelKeyGate } from '../../features/api-key/model-key-gate';
import { ChatPage } from '../../features/chat/chat-page';
import { KnowledgeNotice } from '../../features/knowledge/knowledge-notice';
import { MemoryButton } from '../../features/memory/memory-button';
import { PersonaButton } from '../../features/persona/persona-button';
import { agentKey, agentsKey, type AgentDefinition, type PublicAgent } from '../../lib/api/agents';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../pages/error/error-page';
import { MeantForSomeoneElsePage } from '../../pages/meant-for-someone-else/meant-for-someone-else-page';
import { ApiError } from '../../lib/api-client';
import { NotFoundPage } from '../../pages/not-found/not-found-page';
import { pageTitle } from '../../lib/site';
import { PrivateProviders } from './private-providers';
import styles from './agent-route.module.css';

const loadingText = 'Loading...';

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** Any path the site does not own: the agent whose file claims it, or the not-found page. */
export default function AgentRoute() {
  return (
    <PrivateProviders>
      <AgentLookup />
    </PrivateProviders>
  );
}

function AgentLookup() {
  const { pathname } = useLocation();
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  if (agents.isPending) return <Spinner label={loadingText} fullPage />;
  if (agents.isError) return <ErrorPage />;
  const path = normalise(pathname);
  const agent = agents.data.find((candidate) => candidate.routes.some((route) => normalise(route) === path));
  if (!agent) return <NotFoundPage />;
  return (
    <AccessGate agent={agent} key={agent.id}>
      <AgentPage agent={agent} />
    </AccessGate>
  );
}

/** Refused because the agent is meant for someone else (its audience leaves the viewer out). */
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

function AgentPage({ agent }: { agent: PublicAgent }) {
  // Once access is granted, the list marks an agent meant for someone else: its page says so.
  if (agent.restricted) return <MeantForSomeoneElsePage agentName={agent.display.name} />;
  return <AgentChat agent={agent} />;
}

function AgentChat({ agent }: { agent: PublicAgent }) {
  useDocumentTitle(pageTitle(agent.display.name));
  const definition = useQuery<AgentDefinition>({ queryKey: agentKey(agent.id) });
  if (definition.isError && isForbidden(definition.error)) {
    return <MeantForSomeoneElsePage agentName={agent.display.name} />;
  }
  return (
    <PageFrame title={agent.display.header}>
      <main className={styles.main}>
        {definition.isPending ? (
          <Spinner label={agent.display.loadingText} />
        ) : definition.isError ? (
          <ErrorPage />
        ) : (
          <ModelKeyGate agent={definition.data}>
            {definition.data.knowledge?.length ? <KnowledgeNotice agentId={agent.id} /> : null}
            <ChatPage
              agent={definition.data}
              titleBarControl={(chat) => (
                <>
                  {definition.data.conversation.reconfigurable ? (
                    <PersonaButton
                      agent={definition.data}
                      sessionId={chat.sessionId}
                      busy={chat.busy}
                      onApplied={chat.onReconfigured}
                      onClosedAfterChange={chat.announceReconfigured}
                    />
                  ) : null}
                  {definition.data.memory ? <MemoryButton agent={definition.data} onOpenChat={chat.openChat} /> : null}
                </>
              )}
            />
          </ModelKeyGate>
        )}
      </main>
    </PageFrame>
  );
}
