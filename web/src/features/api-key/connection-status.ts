import type { SettingsResponse } from '../../lib/api/settings';

/** What the key form says about the server: checking, reachable, unreachable, or keyed but broken. */
export type ConnectionStatus = 'checking' | 'active' | 'unreachable' | 'clientFailed';

type SettingsQuery = { isPending: boolean; isError: boolean; data?: SettingsResponse };

/** The server has its own key and a working client: nobody needs to enter one. */
export function serverCanAnswer(settings: SettingsResponse | undefined): boolean {
  return Boolean(settings?.hasOpenAIKey && settings.clientInitialized);
}

export function connectionStatus({ isPending, isError, data }: SettingsQuery): ConnectionStatus {
  if (isPending) return 'checking';
  if (isError || !data) return 'unreachable';
  return data.hasOpenAIKey && !data.clientInitialized ? 'clientFailed' : 'active';
}
