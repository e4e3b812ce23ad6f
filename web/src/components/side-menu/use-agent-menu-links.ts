import { apiPath } from '@mb/contracts/api-paths';
import { useEffect, useState } from 'react';
import { request } from '../../lib/api-client';
import type { PublicAgent } from '../../lib/api/agents';
import { useOnline } from '../../lib/use-online';

export type MenuLink = { label: string; href: string };

let loading: Promise<MenuLink[]> | null = null;

/** Agents whose file asks for a menu link (`display.menu`), in their menu order. Fetched once per page load. */
function loadAgentMenuLinks(): Promise<MenuLink[]> {
  loading ??= request<PublicAgent[]>('GET', apiPath('agents'))
    .then((agents) =>
      agents
        .flatMap(({ display, routes }) => (display.menu ? [{ ...display.menu, href: routes[0] }] : []))
        .sort((a, b) => a.order - b.order)
        .map(({ label, href }) => ({ label, href })),
    )
    .catch(() => {
      // Without the agent list the menu still offers the site's own pages; try again next time.
      loading = null;
      return [];
    });
  return loading;
}

/** Forgets the cached list (tests). */
export function resetAgentMenuLinks(): void {
  loading = null;
}

export function useAgentMenuLinks(): MenuLink[] {
  const online = useOnline();
  const [links, setLinks] = useState<MenuLink[]>([]);
  useEffect(() => {
    // Offline (the app opened from the service worker's cache) the site's own pages are the menu; the
    // agents' links load once the connection is back.
    if (!online) return;
    let active = true;
    void loadAgentMenuLinks().then((loaded) => active && setLinks(loaded));
    return () => {
      active = false;
    };
  }, [online]);
  return links;
}
