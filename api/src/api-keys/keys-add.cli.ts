import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';
import { CIRCLE, formatPeopleProblem, readPeopleFile, type Viewer } from '../access';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import { systemClock } from '../common/clock';
import { type AppConfig, ConfigError, loadAppConfig } from '../config';
import { openBesideTheServer } from '../database';
import { ApiKeyStore } from './api-key.store';
import { ApiKeys } from './api-keys.service';

const USAGE =
  'usage: npm run keys:add -- <name> [--agents a,b] [--expires 30d] [--person <id>] [--confirm-tools] [--rpm N]';

/** A refusal: one line on stderr, exit code 1. */
class Refusal extends Error {}

interface Options {
  name: string;
  agents?: string[];
  expiresInDays?: number;
  person?: string;
  confirmTools: boolean;
  rpm?: number;
}

function readOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        agents: { type: 'string' },
        expires: { type: 'string' },
        person: { type: 'string' },
        'confirm-tools': { type: 'boolean' },
        rpm: { type: 'string' },
      },
    });
  } catch (error) {
    throw new Refusal(`${(error as Error).message} (${USAGE})`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1)
    throw new Refusal(`${positionals.length ? 'one name only' : 'a name is needed'} (${USAGE})`);
  const name = positionals[0].trim();
  if (!name || name.length > 100) throw new Refusal('the name must be 1 to 100 characters');
  let expiresInDays: number | undefined;
  if (values.expires !== undefined) {
    const days = /^(\d{1,4})d?$/.exec(values.expires.trim())?.[1];
    expiresInDays = days === undefined ? NaN : Number(days);
    if (!(expiresInDays >= 1 && expiresInDays <= 3650))
      throw new Refusal(`--expires: a number of days from 1 to 3650, as 30d or 30 (not "${values.expires}")`);
  }
  let rpm: number | undefined;
  if (values.rpm !== undefined) {
    rpm = /^\d{1,6}$/.test(values.rpm.trim()) ? Number(values.rpm) : NaN;
    if (!(rpm >= 1)) throw new Refusal(`--rpm: a whole number of requests a minute, at least 1 (not "${values.rpm}")`);
  }
  let agents: string[] | undefined;
  if (values.agents !== undefined) {
    agents = [...new Set(values.agents.split(',').map((id) => id.trim()))].filter(Boolean);
    if (!agents.length) throw new Refusal('--agents: name at least one agent id (leave it out for every agent)');
  }
  return { name, agents, expiresInDays, person: values.person, confirmTools: values['confirm-tools'] ?? false, rpm };
}

/** Whom the key acts as: the circle without people; with people (PEOPLE_FILE) the person --person names. */
function viewerFor(config: AppConfig, personId: string | undefined): Viewer {
  const { file } = config.people;
  const people = readPeopleFile(file);
  if (!people.ok && (config.people.required || !people.missing))
    throw new Refusal(people.problems.map(formatPeopleProblem).join('; '));
  if (!people.ok) {
    if (personId !== undefined) throw new Refusal(`--person: there are no people (no file at ${file}, PEOPLE_FILE)`);
    return CIRCLE;
  }
  if (personId === undefined)
    throw new Refusal(`people are configured (${file}): say whose key it is with --person <id>`);
  const person = people.people.find((p) => p.id === personId);
  if (!person)
    throw new Refusal(
      `--person: "${personId}" is not in ${file} (${people.people.map((p) => p.id).join(', ') || 'nobody'})`,
    );
  return { kind: 'person', personId: person.id, firstName: person.firstName };
}

/** The server's database; the embedded one only while no server holds DATA_DIR. */
const openDatabase = (config: AppConfig) =>
  openBesideTheServer(
    config,
    (pid, dataDir) =>
      new Refusal(
        `The server (process ${pid}) holds the embedded database in ${dataDir}, which only one process can open: ` +
          "make the key in the private area's API keys screen, or with POST /api/keys, instead.",
      ),
    { maxConnections: 12 },
  );

function describe(key: { agents: string[] | null; expiresAt: string | null; allowConfirmTools: boolean }, rpm: number) {
  return [
    key.agents ? `for ${key.agents.join(', ')}` : 'for every agent its owner may use',
    key.expiresAt ? `until ${key.expiresAt.slice(0, 10)}` : 'never expiring',
    `${rpm} requests a minute`,
    key.allowConfirmTools ? 'confirm tools allowed' : 'confirm tools denied',
  ].join(', ');
}

/**
 * `npm run keys:add -- <name> …`: makes a key for the OpenAI-compatible API (/v1) in the server's database, as the
 * private area's keys screen does, and prints it once. With the embedded database it works only while the server is
 * stopped (one process owns DATA_DIR); it says so rather than touch a database in use.
 */
async function main(): Promise<number> {
  // Only warnings reach the terminal: the database's and the agents' progress lines are the server's to print.
  Logger.overrideLogger(['warn', 'error']);
  const options = readOptions(process.argv.slice(2));
  let config: AppConfig;
  try {
    // The access code and session secret are not this script's business: placeholders keep it from generating them.
    config = loadAppConfig({ ...process.env, ACCESS_CODE: 'unused-here', SESSION_SECRET: 'unused-here'.repeat(4) });
  } catch (error) {
    if (error instanceof ConfigError) throw new Refusal(error.problems.join('; '));
    throw error;
  }
  const limit = config.apiKeys.requestsPerMinute;
  if (options.rpm !== undefined && options.rpm > limit)
    throw new Refusal(`--rpm: at most API_KEY_RPM (${limit}); a key may be given less`);
  const viewer = viewerFor(config, options.person);

  const agents = new AgentRegistry(config);
  try {
    await agents.onModuleInit();
  } catch {
    throw new Refusal(`the agent files in ${config.agentsDir} are not valid (npm run agents:check names why)`);
  }
  try {
    const unknown = (options.agents ?? []).filter((id) => !agents.get(id));
    if (unknown.length) {
      const ids = agents.list().map((agent) => agent.id);
      const known = ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, …` : ids.join(', ') || 'none';
      const what = unknown.length === 1 ? 'is not an agent' : 'are not agents';
      throw new Refusal(
        `--agents: ${unknown.map((id) => `"${id}"`).join(', ')} ${what} in ${config.agentsDir} (${known})`,
      );
    }
    const database = await openDatabase(config);
    try {
      const keys = new ApiKeys(new ApiKeyStore(database.db), agents, systemClock, config);
      const request: CreateApiKeyRequest = {
        name: options.name,
        agents: options.agents ?? null,
        expiresInDays: options.expiresInDays ?? null,
        allowConfirmTools: options.confirmTools,
        requestsPerMinute: options.rpm ?? null,
      };
      const { apiKey, secret } = await keys.create(viewer, request);
      const owner = viewer.kind === 'person' ? ` of ${viewer.personId}` : '';
      const baseUrl = `${(process.env.PUBLIC_URL?.trim() || `http://localhost:${config.port}`).replace(/\/+$/, '')}/v1`;
      const model = apiKey.agents?.[0] ?? agents.list()[0]?.id ?? '<agent id>';
      console.log(`Made the API key "${apiKey.name}"${owner} (${describe(apiKey, options.rpm ?? limit)}):`);
      console.log(secret);
      console.log(
        `It is shown only now (only its hash is kept). Use it as OPENAI_API_KEY with OPENAI_BASE_URL=${baseUrl} ` +
          `and an agent id as the model (e.g. ${model}); revoke it in the private area's API keys screen.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await agents.onModuleDestroy();
  }
}

void main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    const message = error instanceof AppError && error.details ? error.details.join('; ') : error.message;
    console.error(`keys:add: ${message.replace(/\n/g, ' ')}`);
    process.exitCode = 1;
  },
);
