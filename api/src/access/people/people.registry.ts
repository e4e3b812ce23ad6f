import { EventEmitter } from 'node:events';
import { dirname } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { watch, type FSWatcher } from 'chokidar';
import { type AppConfig, APP_CONFIG } from '../../config';
import { formatPeopleProblem, readPeopleFile, type PeopleFileProblem, type Person } from './people-file';
import { codeVersion } from './person-code';

export class PeopleFileError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid people file:\n${lines.join('\n')}`);
  }
}

/** One person as the server holds them: the file's entry and the version their access cookie must carry. */
export interface KnownPerson extends Person {
  version: string;
}

/** What one reload of the file found; `problems` empty when it was taken. */
export interface PeopleReload {
  people: string[];
  problems: PeopleFileProblem[];
}

const RELOAD_DEBOUNCE_MS = 100;

/**
 * The live list of people (PEOPLE_FILE). Absent at boot (and not named by PEOPLE_FILE): no people, the spec's one
 * shared code. Once read, the file is watched: every replica watching the same file signs a removed or re-keyed
 * person out as it reloads. An invalid edit, or the file removed, keeps the last valid list and logs why.
 */
@Injectable()
export class PeopleRegistry implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('People');
  private people: ReadonlyMap<string, KnownPerson> | null = null;
  private watcher?: FSWatcher;
  private reloadTimer?: NodeJS.Timeout;
  private readonly events = new EventEmitter<{ reload: [PeopleReload] }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    const { file, required } = this.config.people;
    const result = readPeopleFile(file);
    if (result.ok) this.commit(result.people);
    else if (required || !result.missing) throw new PeopleFileError(result.problems.map(formatPeopleProblem));
    if (this.people) this.logger.log(`Loaded ${this.people.size} people from ${file}`);
    const dir = dirname(file);
    // The folder, not the file: an editor or people:add replaces the file, which a watch on it can miss.
    this.watcher = watch(dir, {
      ignoreInitial: true,
      depth: 0,
      ignored: (path) => path !== dir && path !== file,
      awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
    }).on('all', (_event, path) => {
      if (path === file) this.scheduleReload();
    });
    await new Promise<void>((resolve) => this.watcher!.once('ready', resolve));
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.reloadTimer);
    await this.watcher?.close();
  }

  /** Whether people are configured: chats are private to their starters and personal codes sign in. */
  get configured(): boolean {
    return this.people !== null;
  }

  get(id: string): KnownPerson | undefined {
    return this.people?.get(id);
  }

  list(): KnownPerson[] {
    return [...(this.people?.values() ?? [])];
  }

  /** Calls `listener` after each reload; answers the function that stops that. */
  onReload(listener: (reload: PeopleReload) => void): () => void {
    this.events.on('reload', listener);
    return () => this.events.off('reload', listener);
  }

  private scheduleReload(): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.reload(), RELOAD_DEBOUNCE_MS);
  }

  reload(): void {
    const result = readPeopleFile(this.config.people.file);
    if (result.ok) {
      this.commit(result.people);
      this.logger.log(`Reloaded people: ${result.people.map((person) => person.id).join(', ') || 'none'}`);
    } else {
      for (const problem of result.problems) this.logger.error(formatPeopleProblem(problem));
      const kept = this.people ? `kept the last valid list (${this.people.size} people)` : 'people stay off';
      this.logger.warn(`${this.config.people.file}: ${kept}`);
    }
    this.events.emit('reload', { people: this.list().map((p) => p.id), problems: result.ok ? [] : result.problems });
  }

  private commit(people: Person[]): void {
    this.people = new Map(people.map((person) => [person.id, { ...person, version: codeVersion(person.codeHash) }]));
  }
}
