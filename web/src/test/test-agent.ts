import type { PublicAgent } from '../lib/api/agents';

/** A public agent with the given access rules, for tests of the access screens and the hub. */
export function testAgent(access: PublicAgent['access'], overrides: Partial<PublicAgent['display']> = {}): PublicAgent {
  return {
    id: 'sample',
    routes: ['/sample', '/sample-alias'],
    display: {
      title: 'Sample Agent',
      header: 'sample agent',
      name: 'Sample',
      loadingText: 'Connecting...',
      ...overrides,
    },
    access,
  };
}
