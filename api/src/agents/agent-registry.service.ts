import { EventEmitter } from 'node:events';
import { join, normalize } from 'node:path';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { watch, type FSWatcher } from 'chokidar';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { type AppConfig, APP_CONFIG } from '../config';
import {
  displayPath,
  formatAgentProblem,
  listAgentFiles,
  loadAgentDirectory,
  readAgentFile,
  resolveRoutes,
  type AgentFileProblem,
  type LoadedAgentFile,
} from './agent-files';

export class AgentDefinitionError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid agent definitions:\n${lines.join('\n')}`);
  }
}

const RELOAD_DEBOUNCE_MS = 100;

/** What one reload of the directory (after a change to it) found; the log says the same in words. */
export interface AgentReload {
  /** Ids of the agents it added and of those it removed. */
  added: string[];
  removed: string[];
  /**
   * Every problem it met: a file it could not read or validate (which keeps its last valid version if it had
   * one), a route another agent already serves (that file is not loaded), or the directory itself unreadable
   * (everything is kept).
   */
  problems: AgentFileProblem[];
}

const byDisplayOrder = (a: AgentDefinition, b: AgentDefinition) =>
  (a.display.hub?.order ?? Number.MAX_SAFE_INTEGER) - (b.display.hub?.order ?? Number.MAX_SAFE_INTEGER) ||
  a.id.localeCompare(b.id);

/**
 * The live set of agent definitions. Boot refuses any invalid file; afterwards the directory is
 * watched and an invalid edit keeps the file's last good version.
 */
@Injectable()
export class AgentRegistry implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Agents');
  private loaded = new Map<string, LoadedAgentFile>();
  private agents = new Map<string, AgentDefinition>();
  private watcher?: FSWatcher;
  private knowledgeWatcher?: FSWatcher;
  private watchedKnowledge = new Set<string>();
  private reloadTimer?: NodeJS.Timeout;
  private readonly events = new EventEmitter<{ reload: [AgentReload]; knowledge: [string] }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Loads the directory, then watches it: once the app is up, a change to a file is seen. */
  async onModuleInit(): Promise<void> {
    const { agents, problems } = loadAgentDirectory(this.config.agentsDir);
    if (problems.length) throw new AgentDefinitionError(problems.map(formatAgentProblem));
    this.commit(agents);
    this.logger.log(
      `Loaded ${agents.length} agents: ${this.list()
        .map((a) => a.id)
        .join(', ')}`,
    );
    this.watcher = watch(this.config.agentsDir, {
      ignoreInitial: true,
      depth: 0,
      awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
    }).on('all', (_event, path) => {
      if (path.endsWith('.json')) this.scheduleReload();
    });
    const knowledgeReady = this.watchKnowledge();
    // Until its first scan is done, chokidar does not report changes.
    await Promise.all([new Promise<void>((resolve) => this.watcher!.once('ready', resolve)), knowledgeReady]);
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.reloadTimer);
    await Promise.all([this.watcher?.close(), this.knowledgeWatcher?.close()]);
  }

  list(): AgentDefinition[] {
    return [...this.agents.values()].sort(byDisplayOrder);
  }

  get(id: string): AgentDefinition | undefined {
    return this.agents.get(id);
  }

  /** Calls `listener` after each reload with what it found; answers the function that stops that. */
  onReload(listener: (reload: AgentReload) => void): () => void {
    this.events.on('reload', listener);
    return () => this.events.off('reload', listener);
  }

  /** Calls `listener` with the path of each knowledge file (of any agent) added, changed or removed. */
  onKnowledgeChange(listener: (path: string) => void): () => void {
    this.events.on('knowledge', listener);
    return () => this.events.off('knowledge', listener);
  }

  /**
   * The paths the agents' `knowledge` names are watched, at any depth (a path that does not exist yet too); those no
   * agent names any more are let go. Resolves when a watcher it starts has made its first scan.
   */
  private async watchKnowledge(): Promise<void> {
    const paths = new Set(
      this.list().flatMap((agent) =>
        (agent.knowledge ?? []).map((entry) => join(this.config.agentsDir, normalize(entry))),
      ),
    );
    const gone = [...this.watchedKnowledge].filter((path) => !paths.has(path));
    const added = [...paths].filter((path) => !this.watchedKnowledge.has(path));
    this.watchedKnowledge = paths;
    if (gone.length) this.knowledgeWatcher?.unwatch(gone);
    if (!added.length) return;
    if (this.knowledgeWatcher) {
      this.knowledgeWatcher.add(added);
      return;
    }
    // Started with its first paths: chokidar started on none reports nothing of paths added later.
    this.knowledgeWatcher = watch(added, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path) => /(^|[/\\])\.[^/\\]/.test(path.slice(this.config.agentsDir.length)),
      awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
    }).on('all', (event, path) => {
      if (event !== 'addDir' && event !== 'unlinkDir') this.events.emit('knowledge', path);
    });
    await new Promise<void>((resolve) => this.knowledgeWatcher!.once('ready', resolve));
  }

  private scheduleReload(): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.reload(), RELOAD_DEBOUNCE_MS);
  }

  reload(): void {
    let paths: string[];
    try {
      paths = listAgentFiles(this.config.agentsDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.logger.error(`Cannot read ${this.config.agentsDir} (${code}); keeping the loaded agents`);
      this.reloaded({
        added: [],
        removed: [],
        problems: [{ file: displayPath(this.config.agentsDir), pointer: '', message: `cannot be read (${code})` }],
      });
      return;
    }
    const found: AgentFileProblem[] = [];
    const candidates = paths.flatMap((path): LoadedAgentFile[] => {
      const result = readAgentFile(path);
      if (result.ok) return [result];
      const previous = this.loaded.get(path);
      found.push(...result.problems);
      for (const problem of result.problems) this.logger.error(formatAgentProblem(problem));
      this.logger.warn(previous ? `${result.file}: kept the last valid version` : `${result.file}: not loaded`);
      return previous ? [previous] : [];
    });
    // Agents already serving keep their routes; a newcomer that clashes is the one refused.
    candidates.sort((a, b) => Number(!this.loaded.has(a.path)) - Number(!this.loaded.has(b.path)));
    const { accepted, problems } = resolveRoutes(candidates);
    found.push(...problems);
    for (const problem of problems) this.logger.error(`${formatAgentProblem(problem)} (not loaded)`);
    const before = new Set(this.agents.keys());
    this.commit(accepted);
    void this.watchKnowledge();
    const after = new Set(this.agents.keys());
    const added = [...after].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !after.has(id));
    this.logger.log(
      `Reloaded agents${added.length ? `; added ${added.join(', ')}` : ''}${removed.length ? `; removed ${removed.join(', ')}` : ''}`,
    );
    this.reloaded({ added, removed, problems: found });
  }

  private reloaded(reload: AgentReload): void {
    this.events.emit('reload', reload);
  }

  private commit(files: LoadedAgentFile[]): void {
    this.loaded = new Map(files.map((file) => [file.path, file]));
    this.agents = new Map(files.map((file) => [file.agent.id, file.agent]));
  }
}
