/**
 * Every path of the API, named once for both ends: the patterns as the server routes them (`:id` for a
 * parameter), and the one function that fills them in. A test checks that every pattern is a route.
 */
export const API_ROUTES = {
  health: '/api/health',
  settings: '/api/settings',
  checkAccess: '/api/auth/check-access',
  grantAccess: '/api/auth/grant-access',
  revokeAccess: '/api/auth/revoke-access',
  agents: '/api/agents',
  agent: '/api/agents/:id',
  agentKnowledge: '/api/agents/:id/knowledge',
  agentMemory: '/api/agents/:id/memory',
  agentMemoryFact: '/api/agents/:id/memory/:factId',
  agentMemoryExport: '/api/agents/:id/memory/export',
  agentMemoryImport: '/api/agents/:id/memory/import',
  verifyKey: '/api/openai/verify-key',
  usage: '/api/usage',
  completions: '/api/chat/completions',
  assistantChat: '/api/assistant/chat',
  serperSearch: '/api/serper-search',
  search: '/api/chat/search',
  sessions: '/api/chat/sessions',
  session: '/api/chat/sessions/:id',
  messages: '/api/chat/sessions/:id/messages',
  version: '/api/chat/sessions/:id/version',
  turns: '/api/chat/turns',
  regenerate: '/api/chat/sessions/:id/regenerate',
  turn: '/api/chat/sessions/:id/turn',
  stopTurn: '/api/chat/sessions/:id/turn/stop',
  toolDecision: '/api/chat/sessions/:id/turn/tool-calls/:callId',
  summarize: '/api/chat/sessions/:id/summarize',
  summary: '/api/chat/sessions/:id/summary',
  persona: '/api/chat/sessions/:id/persona',
  restorePersona: '/api/chat/sessions/:id/persona/restore',
  resetPersona: '/api/chat/sessions/:id/persona/reset',
  personaChanges: '/api/chat/sessions/:id/persona/changes',
  exportChat: '/api/chat/sessions/:id/export',
  importChat: '/api/chat/import',
  attachments: '/api/chat/attachments',
  attachment: '/api/chat/attachments/:id',
  attachmentThumbnail: '/api/chat/attachments/:id/thumbnail',
  tools: '/api/tools',
  apiKeys: '/api/keys',
  apiKey: '/api/keys/:id',
} as const;

export type ApiRoute = keyof typeof API_ROUTES;

type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

type PathArguments<Route extends ApiRoute> = [ParamsOf<(typeof API_ROUTES)[Route]>] extends [never]
  ? [params?: undefined, query?: Record<string, string>]
  : [params: Record<ParamsOf<(typeof API_ROUTES)[Route]>, string>, query?: Record<string, string>];

/** The path of a route with its parameters filled in (encoded), and a query string when given. */
export function apiPath<Route extends ApiRoute>(route: Route, ...[params, query]: PathArguments<Route>): string {
  const filled = API_ROUTES[route].replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]),
  );
  return query ? `${filled}?${new URLSearchParams(query).toString()}` : filled;
}
