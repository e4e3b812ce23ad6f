import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AgentRegistry, type KnowledgeFile, type KnowledgeProblem, knowledgeFilesOf } from '../../agents';
import { Slots } from '../../common/slots';
import { type AppConfig, APP_CONFIG } from '../../config';
import { Embeddings } from '../retrieval/embeddings';
import { KnowledgeFileStore } from './knowledge-file.store';
import { readKnowledgeFile, refusalReason } from './read-knowledge-file';

/** What an agent's knowledge resolves to now: its files, and the paths that could not be read as files. */
export interface ResolvedKnowledge {
  files: KnowledgeFile[];
  problems: KnowledgeProblem[];
}

/** How a file was last seen on disk: an unchanged size and time skip reading its bytes to hash them. */
interface Seen {
  size: number;
  mtimeMs: number;
  hash: string;
}

/**
 * Reads the agents' knowledge files into passages, in the background: all of them as the app starts, then a file
 * again when it changes (the registry's watcher) and an agent's when its file changes. A file whose bytes hash as
 * they did is not read again. One file at a time is read, in a bounded process of its own (attachments' readers),
 * and a file that cannot be read is kept as failed with the reason, never blocking the others.
 */
@Injectable()
export class KnowledgeIndexer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Knowledge');
  private readonly slots = new Slots(1);
  /** Files being read or waiting for their turn, by name: a turn of an agent naming one waits for it. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** A file that changed again while it was being read: read once more after. */
  private readonly again = new Set<string>();
  private readonly seen = new Map<string, Seen>();
  private stops: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly registry: AgentRegistry,
    private readonly store: KnowledgeFileStore,
    private readonly embeddings: Embeddings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.stops = [
      this.registry.onReload(() => this.indexAll()),
      this.registry.onKnowledgeChange((path) => this.changed(path)),
    ];
    this.indexAll();
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.stops.forEach((stop) => stop());
  }

  /** An agent's knowledge as its file names it now. */
  resolve(agent: AgentDefinition): ResolvedKnowledge {
    return knowledgeFilesOf(agent, this.config.agentsDir);
  }

  /** Whether the file is being read, or waits to be. */
  isIndexing(name: string): boolean {
    return this.inFlight.has(name);
  }

  /**
   * Reads those of these files that changed on disk since this process last read them (or that it never read), as
   * the watcher would: a turn never takes a file it has not seen, however late the watcher reports it.
   */
  async refresh(files: KnowledgeFile[]): Promise<void> {
    for (const file of files) {
      if (this.inFlight.has(file.name)) continue;
      const info = await stat(file.path).catch(() => undefined);
      const known = this.seen.get(file.name);
      if (info && (!known || known.size !== info.size || known.mtimeMs !== info.mtimeMs)) this.index(file);
    }
  }

  /**
   * Resolves once none of these files is being read, or after `timeoutMs`; answers whether they all settled. A file
   * read again meanwhile (it changed once more) is waited for too.
   */
  async settled(names: string[], timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const pending = names.flatMap((name) => this.inFlight.get(name) ?? []);
      if (!pending.length) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), left)));
      try {
        if (!(await Promise.race([Promise.all(pending).then(() => true), timeout]))) return false;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** Every agent's files: read those new or changed, forget those no agent names. */
  private indexAll(): void {
    const named = new Map<string, KnowledgeFile>();
    for (const agent of this.registry.list()) {
      const { files, problems } = this.resolve(agent);
      for (const problem of problems) this.logger.warn(`${agent.id}: knowledge ${problem.name}: ${problem.message}`);
      for (const file of files) named.set(file.name, file);
    }
    for (const file of named.values()) this.index(file);
    void this.store.removeAllBut([...named.keys()]).catch((error: Error) => this.failedQuietly('cleanup', error));
  }

  /** A path under a knowledge path changed: each file it now holds that an agent names is looked at again. */
  private changed(path: string): void {
    if (this.closed) return;
    for (const agent of this.registry.list())
      for (const file of this.resolve(agent).files)
        if (file.path === path || file.path.startsWith(`${path}/`)) this.index(file);
    // A removed file is no agent's any more.
    if (!this.registry.list().some((agent) => this.resolve(agent).files.some((file) => file.path === path)))
      this.indexAll();
  }

  private index(file: KnowledgeFile): void {
    if (this.inFlight.has(file.name)) {
      this.again.add(file.name);
      return;
    }
    const run = this.slots
      .run(() => this.read(file))
      .catch((error: Error) => this.failedQuietly(file.name, error))
      .finally(() => {
        this.inFlight.delete(file.name);
        if (this.again.delete(file.name) && !this.closed) this.index(file);
      });
    this.inFlight.set(file.name, run);
  }

  private async read(file: KnowledgeFile): Promise<void> {
    if (this.closed) return;
    let bytes: Buffer;
    let info: { size: number; mtimeMs: number };
    try {
      info = await stat(file.path);
      const known = this.seen.get(file.name);
      const model = this.embeddings.model ?? null;
      const stored = (await this.store.files([file.name])).get(file.name);
      const current = (hash: string | undefined) =>
        stored &&
        stored.contentHash === hash &&
        stored.status !== 'indexing' &&
        (stored.status === 'failed' || stored.embeddingModel === model);
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && current(known.hash)) return;
      bytes = await readFile(file.path);
    } catch (error) {
      // Gone between the listing and the read: the watcher reports its removal.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    this.seen.set(file.name, { size: info.size, mtimeMs: info.mtimeMs, hash });
    await this.store.underLock(file.name, async () => {
      const stored = (await this.store.files([file.name])).get(file.name);
      const model = this.embeddings.model ?? null;
      if (
        stored?.contentHash === hash &&
        stored.status !== 'indexing' &&
        (stored.status === 'failed' || stored.embeddingModel === model)
      )
        return;
      await this.store.markIndexing(file.name);
      await this.readBytes(file, bytes, hash);
    });
  }

  /** The bytes that were hashed are the ones read: a copy, so a file written meanwhile is read on its own change. */
  private async readBytes(file: KnowledgeFile, bytes: Buffer, hash: string): Promise<void> {
    const started = performance.now();
    const dir = await mkdtemp(join(tmpdir(), 'mb-knowledge-'));
    const copy = join(dir, 'file');
    try {
      await writeFile(copy, bytes, { mode: 0o600 });
      const reading = await readKnowledgeFile(copy, file.name);
      const embeddings = await this.vectorsOf(file, reading.passages);
      await this.store.saveReading(file.name, hash, reading, embeddings);
      this.logger.log(
        `${file.name}: ${reading.passages.length} passages read in ${Math.round(performance.now() - started)} ms`,
      );
    } catch (error) {
      // The app is closing (its database with it): the file stays marked as being read, and is read at the next start.
      if (this.closed) throw error;
      const refused = refusalReason(error);
      const reason = refused ?? 'it could not be read (an unexpected error; see the server log)';
      if (refused === undefined) this.logger.error(`${file.name}: ${(error as Error).stack ?? String(error)}`);
      await this.store.saveFailure(file.name, hash, reason);
      this.logger.error(`${file.name}: cannot be read: ${reason}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Vectors of the passages, when an embedding model is configured; a failure leaves the file ranked without them. */
  private async vectorsOf(
    file: KnowledgeFile,
    passages: Array<{ label: string; text: string }>,
  ): Promise<{ model: string; vectors: number[][] } | undefined> {
    const model = this.embeddings.model;
    if (!model || !passages.length) return undefined;
    try {
      const vectors = await this.embeddings.embed(passages.map((p) => `${file.name}, ${p.label}\n${p.text}`));
      return { model, vectors };
    } catch (error) {
      this.logger.warn(`${file.name}: no vectors (${(error as Error).message}); ranked by full text and trigrams`);
      return undefined;
    }
  }

  private failedQuietly(what: string, error: Error): void {
    if (this.closed) return;
    this.logger.error(`${what}: knowledge indexing failed: ${error.message}`);
  }
}
