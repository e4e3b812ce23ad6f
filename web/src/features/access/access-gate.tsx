import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner/spinner';
import { toast } from '../../components/toast/toasts';
import type { AccessDeniedBehaviour } from '@mb/contracts/types/agent';
import type { PublicAgent } from '../../lib/api/agents';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageTitle } from '../../lib/site';
import { AccessAlert } from './access-alert';
import { AccessCheckFailed } from './access-check-failed';
import { AccessScreen } from './access-screen';
import { accessTexts } from './access-texts';
import { PasscodeScreen } from './passcode-screen';
import { useAccess, type AccessStatus } from './use-access';

type AgentProps = { agent: PublicAgent };

const checkingText = (agent: PublicAgent) => agent.access.checkingText ?? agent.display.loadingText;

function Checking({ agent }: AgentProps) {
  return <Spinner label={checkingText(agent)} fullPage />;
}

/** Toasts once and leaves for the hub, replacing this page in the history. */
function RedirectToHub({ agent }: AgentProps) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast(accessTexts.accessRequired);
    void navigate(paths.hub, { replace: true });
  }, [navigate]);
  return <Checking agent={agent} />;
}

function RestrictionAlert({ agent }: AgentProps) {
  useDocumentTitle(pageTitle(agent.display.name));
  const { alert } = agent.access;
  // The schema requires the alert texts for this behaviour; without them, fall back to the hub.
  if (!alert) return <RedirectToHub agent={agent} />;
  return <AccessAlert header={agent.display.header} alert={alert} />;
}

function Passcode({ agent }: AgentProps) {
  useDocumentTitle(pageTitle(agent.display.name));
  const { passcode, persistFlag } = agent.access;
  if (!passcode) return <RedirectToHub agent={agent} />;
  return <PasscodeScreen passcode={passcode} persistFlag={persistFlag} />;
}

/** What a visitor without access sees, as the agent file chooses. */
const deniedViews: Record<AccessDeniedBehaviour, ComponentType<AgentProps>> = {
  redirect: RedirectToHub,
  alert: RestrictionAlert,
  passcode: Passcode,
};

function Denied({ agent }: AgentProps) {
  const View = deniedViews[agent.access.denied];
  return <View agent={agent} />;
}

type GateProps = { agent: PublicAgent; children: ReactNode };

const statusViews: Record<Exclude<AccessStatus, 'granted'>, ComponentType<AgentProps & { retry: () => void }>> = {
  checking: Checking,
  denied: Denied,
  failed: ({ retry }) => (
    <AccessScreen>
      <AccessCheckFailed onRetry={retry} />
    </AccessScreen>
  ),
};

/**
 * Shows the agent page only once the server says this browser holds access; otherwise applies the
 * agent's denied behaviour. The server guards every private call anyway: this decides what is shown.
 */
export function AccessGate({ agent, children }: GateProps) {
  const { status, retry } = useAccess(agent.access.persistFlag);
  if (status === 'granted') return <>{children}</>;
  const View = statusViews[status];
  return <View agent={agent} retry={retry} />;
}
