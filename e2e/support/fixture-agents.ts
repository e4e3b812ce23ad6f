import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { FIXTURE_AGENTS_DIR } from './e2e-env';

export type { AgentDefinition };

function readAgent(file: string): AgentDefinition {
  return JSON.parse(readFileSync(join(FIXTURE_AGENTS_DIR, file), 'utf8')) as AgentDefinition;
}

/** Every agent file the app servers of the browser tests read, in file-name order. */
export const fixtureAgents: readonly AgentDefinition[] = readdirSync(FIXTURE_AGENTS_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map(readAgent);

function fixture(id: string): AgentDefinition {
  const agent = fixtureAgents.find((candidate) => candidate.id === id);
  if (!agent) throw new Error(`no fixture agent "${id}" in ${FIXTURE_AGENTS_DIR}`);
  return agent;
}

/**
 * The fixture agents by the behaviour each exercises (e2e/fixtures/agents/<id>.json). Tests assert
 * an agent's own texts from here, so a test never depends on a shipped persona's wording.
 */
export const agents = {
  sendsOnEnter: fixture('sends-on-enter'),
  sendsOnShiftEnter: fixture('sends-on-shift-enter'),
  greetsByName: fixture('greets-by-name'),
  hasAnAliasRoute: fixture('has-an-alias-route'),
  alertsOnAttach: fixture('alerts-on-attach'),
  wordsItsCopyToast: fixture('words-its-copy-toast'),
  searchesFirst: fixture('searches-first'),
  redirectsWithoutAccess: fixture('redirects-without-access'),
  alertsWithoutAccess: fixture('alerts-without-access'),
  passcodeGate: fixture('passcode-gate'),
  listedInMenu: fixture('listed-in-menu'),
  noticeErrors: fixture('notice-errors'),
  toastErrors: fixture('toast-errors'),
  apologyErrors: fixture('apology-errors'),
  reconfigurable: fixture('reconfigurable'),
  notReconfigurable: fixture('not-reconfigurable'),
  createsSessionOnNewChat: fixture('creates-session-on-new-chat'),
  wordsItsKeyForm: fixture('words-its-key-form'),
  readsShortMessages: fixture('reads-short-messages'),
  countsTokensItsOwnWay: fixture('counts-tokens-its-own-way'),
  learnsItsWindow: fixture('learns-its-window'),
  keepsVersions: fixture('keeps-versions'),
  uploadsPhotosAndDocuments: fixture('uploads-photos-and-documents'),
  uploadsWithoutVision: fixture('uploads-without-vision'),
  uploadsOneSmallFile: fixture('uploads-one-small-file'),
  callsTools: fixture('calls-tools'),
  fetchesPages: fixture('fetches-pages'),
  confirmsCalculator: fixture('confirms-calculator'),
  reliesOnADownServer: fixture('relies-on-a-down-server'),
  knowsItsFiles: fixture('knows-its-files'),
  remembersFacts: fixture('remembers-facts'),
} as const satisfies Record<string, AgentDefinition>;

/** The agent's canonical route: the one hub cards and menu links point to. */
export function pathOf(agent: AgentDefinition): string {
  return agent.routes[0];
}

/** The agent's first assistant message, its {name} filled in. */
export function greetingOf(agent: AgentDefinition): string {
  const { greeting, audience } = agent.conversation;
  return audience ? greeting.replaceAll('{name}', audience.name) : greeting;
}

/** The value of a text the agent file must declare, or a failure naming the fixture that lacks it. */
export function declared<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the fixture agent has no ${what}`);
  return value;
}
