import type { MessageContext } from './message-context';
import { VersionSwitcher } from './version-switcher';

/** The last exchange's version switcher, when it has versions and offers its actions. */
export function ExchangeVersions({ context }: { context: MessageContext }) {
  const versions = context.exchange?.versions;
  if (!versions || !context.actions) return null;
  return <VersionSwitcher versions={versions} disabled={!context.actions.enabled} onShow={context.showVersion} />;
}
