/** Every client route path of the site's own pages, written once. Agent pages come from agent files. */
export const paths = {
  home: '/',
  about: '/about',
  ctzn: '/ctzn',
  hub: '/mb',
  /** Keys for the OpenAI-compatible API; under the hub, where no agent route can reach (one segment only). */
  keys: '/mb/keys',
} as const;

/** Site pages that an agent file may not claim (the server refuses them too). */
export const sitePaths: readonly string[] = Object.values(paths);
