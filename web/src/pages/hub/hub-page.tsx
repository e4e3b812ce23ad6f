import { useQuery } from '@tanstack/react-query';
import { useId, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { pageTitle } from '../../lib/site';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner/spinner';
import { AccessCheckFailed } from '../../features/access/access-check-failed';
import { AccessCodeCard, BehindTheCode } from '../../features/access/behind-the-code';
import { useAccess, useRevokeAccess, type AccessStatus } from '../../features/access/use-access';
import { agentsKey, type PublicAgent } from '../../lib/api/agents';
import { monthUsageKey, type AgentUsage, type UsageResponse } from '../../lib/api/usage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedIn, useViewerFirstName } from '../../lib/viewer';
import styles from './hub-page.module.css';
import { StrokeIcon } from '../../components/stroke-icon';
import { agentUsageText } from './agent-usage';
import { KeysLink } from './keys-link';

const texts = {
  title: 'MB',
  heading: 'mb',
  loading: 'Loading...',
  prompt: 'Please enter the access code to continue.',
  personalPrompt: 'Please enter your code to continue.',
  openAgent: 'Access Agent',
  signOut: 'Sign out',
  switchPerson: 'Switch person',
  hello: (name: string) => `Hello, ${name}`,
  agentsFailed: 'Could not load the agents. Please try again.',
  retry: 'Try again',
} as const;

type HubCard = PublicAgent & { display: PublicAgent['display'] & { hub: NonNullable<PublicAgent['display']['hub']> } };

/** The agents with a hub card, in card order. */
export function hubCards(agents: readonly PublicAgent[]): HubCard[] {
  return (
    agents
      // An agent meant for someone else in the circle is listed only so its page can say so.
      .filter((agent): agent is HubCard => agent.display.hub !== undefined && agent.restricted !== true)
      .sort((a, b) => a.display.hub.order - b.display.hub.order)
  );
}

function AccessForm() {
  const { people } = useSignedIn();
  return <AccessCodeCard prompt={people ? texts.personalPrompt : texts.prompt} />;
}

function AgentCard({ agent, usage }: { agent: HubCard; usage?: AgentUsage }) {
  const nameId = useId();
  return (
    <li className={styles.item}>
      <Card as="article" lift className={styles.card} aria-labelledby={nameId}>
        <h2 id={nameId} className={styles.cardTitle}>
          {agent.display.name}
        </h2>
        {agent.display.description ? <p className={styles.cardText}>{agent.display.description}</p> : null}
        {usage ? <p className={styles.cardUsage}>{agentUsageText(usage)}</p> : null}
        <Link className={styles.cardLink} to={agent.routes[0]} aria-describedby={nameId}>
          {texts.openAgent}
          <StrokeIcon size={16}>
            <path d="M5 12h14M12 5l7 7-7 7" />
          </StrokeIcon>
        </Link>
      </Card>
    </li>
  );
}

/** This month's usage per agent; while it loads, or if it fails, the cards simply show none. */
function useMonthUsage(): ReadonlyMap<string, AgentUsage> {
  const usage = useQuery<UsageResponse>({ queryKey: monthUsageKey, refetchOnMount: 'always' });
  return new Map(usage.data?.agents.map((agent) => [agent.agentType, agent]));
}

function AgentCards() {
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  const usage = useMonthUsage();
  if (agents.isPending) return <Spinner label={texts.loading} />;
  if (agents.isError) {
    return (
      <div className={styles.failed} role="alert">
        <p>{texts.agentsFailed}</p>
        <Button variant="secondary" onClick={() => void agents.refetch()}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  return (
    <ul className={styles.grid}>
      {hubCards(agents.data).map((agent) => (
        <AgentCard key={agent.id} agent={agent} usage={usage.get(agent.id)} />
      ))}
    </ul>
  );
}

type ViewProps = { retry: () => void };

const views: Record<AccessStatus, ComponentType<ViewProps>> = {
  checking: () => <Spinner label={texts.loading} fullPage />,
  denied: AccessForm,
  granted: () => (
    <>
      <AgentCards />
      <KeysLink />
    </>
  ),
  failed: ({ retry }) => <AccessCheckFailed onRetry={retry} />,
};

/** Signs out; once people are configured, so that another person can sign in with their code. */
function SignOut() {
  const revoke = useRevokeAccess();
  const { people } = useSignedIn();
  const name = useViewerFirstName();
  return (
    <div className={styles.account}>
      {name ? <p className={styles.viewer}>{texts.hello(name)}</p> : null}
      <button type="button" className={styles.signOut} onClick={() => revoke.mutate()} disabled={revoke.isPending}>
        {people ? texts.switchPerson : texts.signOut}
      </button>
    </div>
  );
}

/** The private area's front door: the access-code form, then one card per agent. */
export function HubPage() {
  useDocumentTitle(pageTitle(texts.title));
  const { status, retry } = useAccess();
  const View = views[status];
  return (
    <PageFrame
      header={
        <div className={styles.bar}>
          <h1 className={styles.heading}>{texts.heading}</h1>
          {status === 'granted' ? <SignOut /> : null}
        </div>
      }
    >
      <BehindTheCode status={status}>
        <View retry={retry} />
      </BehindTheCode>
    </PageFrame>
  );
}
