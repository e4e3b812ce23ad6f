import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { generateAccessCode, generateSessionSecret, readOrCreateSecret } from './local-secrets';
import { defaultAgentsDir } from './repo-paths';

export const ACCESS_CODE_FILE = 'access-code';
const SESSION_SECRET_FILE = 'session-secret';

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .optional()
  .transform((value) => (value ? value : undefined));

const httpUrl = (fallback?: string) =>
  optionalText
    .transform((value) => value ?? fallback)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

// What Express accepts for 'trust proxy', minus `true` (which would let any client forge its address).
const TRUST_PROXY_PATTERN =
  /^(\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?))*)$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL (leave unset for the embedded database)' })
      .optional(),
  ),
  DATA_DIR: optionalText.transform((value) => value ?? './data'),
  AGENTS_DIR: optionalText,
  PEOPLE_FILE: optionalText,
  ACCESS_CODE_WITH_PEOPLE: optionalText
    .transform((value) => value ?? 'off')
    .pipe(z.enum(['off', 'guest'], { error: 'must be off or guest' })),
  ACCESS_CODE: optionalText.pipe(z.string().min(4, 'must be at least 4 characters').optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: httpUrl(),
  OPENAI_MODEL: optionalText.transform((value) => value ?? 'gpt-4o'),
  OPENAI_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(60_000),
  OPENAI_CONTEXT_WINDOW: z.coerce
    .number({ error: 'must be a number of tokens' })
    .int()
    .min(1024)
    .max(10_000_000)
    .optional(),
  OPENAI_SUMMARY_MODEL: optionalText,
  OPENAI_VISION: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  OPENAI_EMBEDDING_MODEL: optionalText,
  KNOWLEDGE_WAIT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(60_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024)
    .max(104_857_600, 'must be at most 104857600 (100 MB)')
    .default(26_214_400),
  IMAGE_MAX_EDGE: z.coerce.number({ error: 'must be a number of pixels' }).int().min(256).max(8192).default(2048),
  MCP_SERVERS_FILE: optionalText,
  FETCH_ALLOW_HOSTS: optionalText,
  TOOL_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(30_000),
  SERPER_API_KEY: optionalText,
  SERPER_BASE_URL: httpUrl('https://google.serper.dev'),
  // The URL may carry a password: the messages below never repeat it.
  REDIS_URL: optionalText.pipe(
    z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL (leave unset for one process)' })
      .optional(),
  ),
  REDIS_PREFIX: optionalText
    .transform((value) => value ?? 'mb:')
    .pipe(z.string().regex(/^[\w:.-]{1,64}$/, 'must be up to 64 letters, digits or _ : . -')),
  REPLY_LEASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(2_000, 'must be at least 2000 (replies renew their lease every second)')
    .max(600_000)
    .default(15_000),
  REPLY_SWEEP_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(5_000),
  API_KEY_RPM: z.coerce
    .number({ error: 'must be a number of requests a minute' })
    .int()
    .min(1)
    .max(100_000)
    .default(60),
  TRUST_PROXY: optionalText
    .transform((value) => value ?? 'loopback')
    .pipe(
      z
        .string()
        .regex(
          TRUST_PROXY_PATTERN,
          'must be a number of proxy hops, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal',
        ),
    ),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Which hops may report the client's address and protocol (Express 'trust proxy'). */
  trustProxy: string | number;
  database: { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };
  dataDir: string;
  agentsDir: string;
  access: { code: string; codeSource: 'env' | 'generated'; sessionSecret: string };
  /**
   * The people file (`required` when PEOPLE_FILE names it; the default ./people.json may be absent), and what the
   * shared code opens once people exist: nothing ('off') or a guest space ('guest').
   */
  people: { file: string; required: boolean; sharedCode: 'off' | 'guest' };
  /** timeoutMs bounds each attempt's wait for an answer, and the silence between streamed tokens. */
  openai: {
    apiKey?: string;
    baseUrl?: string;
    model: string;
    timeoutMs: number;
    /** Tokens the models read in one call, for agents that do not say; absent: the table of known models. */
    contextWindow?: number;
    /** The model that writes chat summaries; absent: the agent's own. */
    summaryModel?: string;
    /** Whether the default model sees images, when the table of known models does not say. */
    vision?: boolean;
    /** The model of the /embeddings endpoint that ranks knowledge passages by meaning; absent: words and trigrams. */
    embeddingModel?: string;
  };
  /** How long a turn waits for its agent's knowledge files being read before answering without them (and saying so). */
  knowledge: { waitMs: number };
  /**
   * Tools: the MCP servers file (`required` when MCP_SERVERS_FILE names it; the default path may be absent),
   * the hosts fetch_page may reach although they resolve to internal addresses, and how long one call may take.
   */
  tools: { mcpServersFile: string; mcpServersFileRequired: boolean; fetchAllowHosts: string[]; timeoutMs: number };
  /** Attachments: the largest file accepted, and the long side of a stored image. */
  uploads: { maxBytes: number; imageMaxEdge: number };
  serper: { apiKey?: string; baseUrl: string };
  /**
   * A reply being written is leased by its process: a reply whose lease has not been renewed for
   * leaseMs is marked interrupted by any process, which looks every sweepMs.
   */
  replies: { leaseMs: number; sweepMs: number };
  /** The OpenAI-compatible API: requests a minute one key may make (a key may be given less), counted across replicas. */
  apiKeys: { requestsPerMinute: number };
  /** Shared by replicas: the wrong-code throttle and the live events of replies. Absent: one process, all in memory. */
  redis?: { url: string; keyPrefix: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

const absolute = (path: string, cwd: string) => (isAbsolute(path) ? path : resolve(cwd, path));

/** Validates the environment once; problems name the variable, never its value. */
export function loadAppConfig(raw: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.ACCESS_CODE) {
    throw new ConfigError(['ACCESS_CODE: is required when NODE_ENV=production']);
  }
  const dataDir = absolute(env.DATA_DIR, cwd);
  const accessCode = env.ACCESS_CODE ?? readOrCreateSecret(dataDir, ACCESS_CODE_FILE, generateAccessCode);
  const sessionSecret = env.SESSION_SECRET ?? readOrCreateSecret(dataDir, SESSION_SECRET_FILE, generateSessionSecret);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    trustProxy: /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'embedded', dataDir },
    dataDir,
    agentsDir: env.AGENTS_DIR ? absolute(env.AGENTS_DIR, cwd) : defaultAgentsDir,
    access: { code: accessCode, codeSource: env.ACCESS_CODE ? 'env' : 'generated', sessionSecret },
    people: {
      file: absolute(env.PEOPLE_FILE ?? './people.json', cwd),
      required: env.PEOPLE_FILE !== undefined,
      sharedCode: env.ACCESS_CODE_WITH_PEOPLE,
    },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      contextWindow: env.OPENAI_CONTEXT_WINDOW,
      summaryModel: env.OPENAI_SUMMARY_MODEL,
      vision: env.OPENAI_VISION === undefined ? undefined : env.OPENAI_VISION === 'true',
      embeddingModel: env.OPENAI_EMBEDDING_MODEL,
    },
    knowledge: { waitMs: env.KNOWLEDGE_WAIT_MS },
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES, imageMaxEdge: env.IMAGE_MAX_EDGE },
    tools: {
      mcpServersFile: absolute(env.MCP_SERVERS_FILE ?? './mcp-servers.json', cwd),
      mcpServersFileRequired: env.MCP_SERVERS_FILE !== undefined,
      fetchAllowHosts: (env.FETCH_ALLOW_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      timeoutMs: env.TOOL_TIMEOUT_MS,
    },
    serper: { apiKey: env.SERPER_API_KEY, baseUrl: env.SERPER_BASE_URL ?? 'https://google.serper.dev' },
    replies: { leaseMs: env.REPLY_LEASE_MS, sweepMs: env.REPLY_SWEEP_MS },
    apiKeys: { requestsPerMinute: env.API_KEY_RPM },
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_PREFIX } : undefined,
  };
}
