import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, listenOnLoopback, pause, recordRequest, sendJson, type RecordedRequest } from './fake-openai';

export type { RecordedRequest } from './fake-openai';

export interface SerperResult {
  title: string;
  link: string;
  snippet: string;
}

export interface ScriptedSearch {
  status?: number;
  results?: SerperResult[];
  latencyMs?: number;
  hang?: boolean;
}

export interface FakeSerperOptions {
  apiKey?: string;
  latencyMs?: number;
  /** Fixed port to listen on; default 0 (any free port). */
  port?: number;
}

interface SearchBody {
  q?: unknown;
  num?: unknown;
}

export class FakeSerper {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedSearch[] = [];
  private readonly latencyMs: number;

  private constructor(
    private readonly server: Server,
    options: FakeSerperOptions,
  ) {
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.apiKey = options.apiKey ?? 'serper-test-key';
    this.latencyMs = options.latencyMs ?? 0;
  }

  static async start(options: FakeSerperOptions = {}): Promise<FakeSerper> {
    // The handler runs only once a request arrives, after `fake` is assigned.
    const server = await listenOnLoopback((req, res) => fake.handle(req, res), options.port);
    const fake = new FakeSerper(server, options);
    return fake;
  }

  queries(): string[] {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path.split('?')[0] === '/search')
      .map((r) => (r.body as SearchBody | undefined)?.q)
      .filter((q): q is string => typeof q === 'string');
  }

  script(...replies: ScriptedSearch[]): void {
    this.queue.push(...replies);
  }

  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { record, malformed } = await recordRequest(this.requests, req);
    if (req.method !== 'POST' || record.path.split('?')[0] !== '/search') {
      return sendJson(res, 404, { message: 'Not found.', statusCode: 404 });
    }
    if (req.headers['x-api-key'] !== this.apiKey) {
      return sendJson(res, 403, { message: 'Unauthorized.', statusCode: 403 });
    }
    const body = record.body as SearchBody | undefined;
    if (malformed || typeof body?.q !== 'string') {
      return sendJson(res, 400, { message: 'Missing query parameter: q.', statusCode: 400 });
    }

    const reply = this.queue.shift() ?? {};
    if (reply.hang) return;
    if (!(await pause(reply.latencyMs ?? this.latencyMs, res))) return;
    const status = reply.status ?? 200;
    if (status >= 400) return sendJson(res, status, { message: 'Scripted failure', statusCode: status });

    const q = body.q;
    const results = reply.results ?? defaultResults(q);
    const limit = typeof body.num === 'number' && body.num >= 0 ? body.num : results.length;
    sendJson(res, status, {
      searchParameters: { q, type: 'search', engine: 'google' },
      organic: results.slice(0, limit).map((result, i) => ({ ...result, position: i + 1 })),
    });
  }
}

function defaultResults(q: string): SerperResult[] {
  return [1, 2, 3].map((n) => ({
    title: `Result ${n} for ${q}`,
    link: `https://example.com/${n}?q=${encodeURIComponent(q)}`,
    snippet: `Snippet ${n} about ${q}`,
  }));
}
