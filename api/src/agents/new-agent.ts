import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import type { AgentConversation, AgentDefinition, AgentDisplay } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { formatProblem, schemas } from '../common/json-schema';
import { schemasDir } from '../config';
import { evalProblems } from './agent-evals';
import { AGENT_SCHEMA_ID, displayPath, listAgentFiles, readAgentFile } from './agent-files';

const AGENT_CONFIG_SCHEMA_ID = 'agent-config.schema.json';

export interface NewAgentRequest {
  /** An agent configuration (what a chat downloads) or a whole agent file, whose persona is taken. */
  from: string;
  id: string;
  route: string;
  agentsDir: string;
}

export type NewAgentOutcome = { ok: true; path: string; agent: AgentDefinition } | { ok: false; message: string };

/**
 * What a new agent starts with besides its id, route, names and persona: the settings most shipped
 * agents share (a hub card, redirect without access, Enter sends, errors as notices). Typed by the
 * generated schema types, so the template cannot drift from the schema unnoticed.
 */
type AgentTemplate = Pick<AgentDefinition, 'access' | 'model' | 'routing' | 'input' | 'errors'> & {
  display: Pick<AgentDisplay, 'loadingText'>;
  conversation: Omit<AgentConversation, 'greeting'>;
};

const TEMPLATE: AgentTemplate = {
  display: { loadingText: 'Connecting to AI service...' },
  access: { denied: 'redirect', persistFlag: false },
  conversation: { session: { createOn: 'first-message', titleMaxLength: 50 }, reconfigurable: false },
  model: { temperature: 0.7, maxTokens: 1500 },
  routing: { strategy: 'completions', fallback: [] },
  input: {
    send: 'enter',
    placeholder: 'Type a message...',
    hint: 'Press Enter to send, Shift+Enter for new line',
    busyHint: 'Processing...',
    minHeight: 50,
    maxHeight: 150,
    attach: 'append-file-name',
  },
  errors: { style: 'notice' },
};

/** "home-energy" -> "Home Energy". */
export const titleFromId = (id: string) =>
  id
    .split('-')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** A complete definition around a persona, from the template. */
export function newAgentDefinition(options: {
  id: string;
  route: string;
  persona: AgentConfig;
  schemaRef: string;
  hubOrder: number;
}): AgentDefinition {
  const title = titleFromId(options.id).slice(0, 60);
  return {
    $schema: options.schemaRef,
    id: options.id,
    routes: [options.route],
    display: {
      title,
      header: title.toLowerCase(),
      name: title,
      ...TEMPLATE.display,
      hub: { order: options.hubOrder },
    },
    access: { ...TEMPLATE.access },
    conversation: {
      greeting: `Hello! I'm ${title}. How can I help?`,
      ...structuredClone(TEMPLATE.conversation),
    },
    persona: options.persona,
    model: { ...TEMPLATE.model },
    routing: { ...TEMPLATE.routing, fallback: [] },
    input: { ...TEMPLATE.input },
    errors: { ...TEMPLATE.errors },
  };
}

/**
 * The JSON as agent files are written by hand: two-space indents, and a list of plain values on one
 * line when it fits (`"routes": ["/my-agent"]`). Ends with a newline.
 */
export function formatAgentJson(value: unknown): string {
  const format = (node: unknown, indent: string): string => {
    const inner = `${indent}  `;
    if (Array.isArray(node)) {
      if (!node.length) return '[]';
      const inline = `[${node.map((item) => JSON.stringify(item)).join(', ')}]`;
      const plain = node.every((item) => item === null || typeof item !== 'object');
      if (plain && inner.length + inline.length <= 100) return inline;
      return `[\n${node.map((item) => inner + format(item, inner)).join(',\n')}\n${indent}]`;
    }
    if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node).filter(([, item]) => item !== undefined);
      if (!entries.length) return '{}';
      return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${format(item, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(node);
  };
  return `${format(value, '')}\n`;
}

const schemaProperty = (path: string[]): Record<string, unknown> =>
  path.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    schemas.documents().get(AGENT_SCHEMA_ID) as Record<string, unknown>,
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The persona a file holds: a whole agent file's `persona`, or the file itself (an agent configuration, minus its editor `$schema`). */
function personaIn(value: unknown): unknown {
  if (!isObject(value)) return value;
  if ('persona' in value && 'id' in value) return value.persona;
  const { $schema: _editorHint, ...config } = value;
  return config;
}

/** Routes the files in the directory claim, each with its file (an unreadable file claims none). */
function claimedRoutes(agentsDir: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const path of listAgentFiles(agentsDir)) {
    const result = readAgentFile(path);
    let routes: unknown = result.ok ? result.agent.routes : undefined;
    if (!result.ok) {
      try {
        routes = (JSON.parse(readFileSync(path, 'utf8')) as { routes?: unknown }).routes;
      } catch {
        routes = undefined;
      }
    }
    if (Array.isArray(routes)) routes.forEach((route) => typeof route === 'string' && owners.set(route, displayPath(path)));
  }
  return owners;
}

function nextHubOrder(agentsDir: string): number {
  const orders = listAgentFiles(agentsDir).flatMap((path) => {
    const result = readAgentFile(path);
    return result.ok && result.agent.display.hub ? [result.agent.display.hub.order] : [];
  });
  return orders.length ? Math.max(...orders) + 1 : 0;
}

/** Writes agents/<id>.json around the persona in `from`, or says in one line why not; nothing is written on refusal. */
export function createAgentFile(request: NewAgentRequest): NewAgentOutcome {
  const refuse = (message: string): NewAgentOutcome => ({ ok: false, message });
  const { id, route, agentsDir } = request;

  if (!new RegExp(schemaProperty(['properties', 'id']).pattern as string).test(id)) {
    return refuse(`--id "${id}" is not a valid agent id: lower-case letters, digits and dashes, at most 63, not starting with a dash`);
  }
  const routeSchema = schemaProperty(['properties', 'routes', 'items']);
  if (!new RegExp(routeSchema.pattern as string).test(route) || route.length > (routeSchema.maxLength as number)) {
    return refuse(`--route "${route}" cannot be used: ${routeSchema.description as string}`);
  }

  let agents: string[];
  try {
    agents = listAgentFiles(agentsDir);
  } catch (error) {
    return refuse(`cannot read the agents directory ${displayPath(agentsDir)} (${(error as NodeJS.ErrnoException).code})`);
  }
  const path = join(agentsDir, `${id}.json`);
  if (agents.includes(path)) return refuse(`the id "${id}" is taken: ${displayPath(path)} exists`);
  const owner = claimedRoutes(agentsDir).get(route);
  if (owner) return refuse(`--route "${route}" is already the route of ${owner}`);

  const source = displayPath(request.from);
  let text: string;
  try {
    text = readFileSync(request.from, 'utf8');
  } catch (error) {
    return refuse(`cannot read ${source} (${(error as NodeJS.ErrnoException).code})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The server's words for a pasted configuration that is not JSON.
    return refuse(`${source} is not a valid persona: it is not valid JSON (${(error as Error).message})`);
  }
  const persona = schemas.validate<AgentConfig>(AGENT_CONFIG_SCHEMA_ID, personaIn(value));
  if (!persona.ok) {
    return refuse(`${source} is not a valid persona: ${persona.problems.map(formatProblem).join('; ')}`);
  }

  const schemaRef = relative(agentsDir, join(schemasDir, AGENT_SCHEMA_ID)).split(sep).join(posix.sep);
  const agent = newAgentDefinition({ id, route, persona: persona.value, schemaRef, hubOrder: nextHubOrder(agentsDir) });
  const valid = schemas.validate<AgentDefinition>(AGENT_SCHEMA_ID, agent);
  const problems = valid.ok ? evalProblems(agent) : valid.problems;
  if (problems.length) return refuse(`the new agent would not be valid: ${problems.map(formatProblem).join('; ')}`);

  try {
    writeFileSync(path, formatAgentJson(agent), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(code === 'EEXIST' ? `the id "${id}" is taken: ${displayPath(path)} exists` : `cannot write ${displayPath(path)} (${code})`);
  }
  return { ok: true, path, agent };
}
