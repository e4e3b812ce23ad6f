import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner/spinner';
import type { AgentDefinition } from '../../lib/api/agents';
import { settingsKey, type SettingsResponse } from '../../lib/api/settings';
import { useModelKey } from '../../lib/model-key';
import { connectionStatus, serverCanAnswer } from './connection-status';
import { KeyForm } from './key-form';

type ModelKeyGateProps = {
  agent: AgentDefinition;
  children: ReactNode;
};

/**
 * The spec's AI availability: the chat shows when the server has a working key or the user has
 * entered one in this tab; otherwise the key form shows until a key is accepted (no reload).
 */
export function ModelKeyGate({ agent, children }: ModelKeyGateProps) {
  const settings = useQuery<SettingsResponse>({ queryKey: settingsKey });
  const [userKey] = useModelKey();
  if (settings.isPending) return <Spinner label={agent.display.loadingText} />;
  if (userKey || serverCanAnswer(settings.data)) return <>{children}</>;
  return <KeyForm texts={agent.keyForm} status={connectionStatus(settings)} />;
}
