import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { schemasDir } from '../../config';
import {
  checkPeopleData,
  formatPeopleProblem,
  type PeopleFile,
  type Person,
  readPeopleFile,
  RESERVED_PERSON_IDS,
} from './people-file';
import { codeMatches, normalizeCode } from './person-code';

/** What the people scripts work on: PEOPLE_FILE (resolved as the server resolves it), else ./people.json. */
export interface PeopleFileTarget {
  path: string;
  /** How messages name it: relative to the working directory when inside it. */
  shown: string;
  /** Named by PEOPLE_FILE: the server refuses to start without it. */
  named: boolean;
}

export function peopleFileTarget(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): PeopleFileTarget {
  const named = env.PEOPLE_FILE?.trim() || undefined;
  const path = resolve(cwd, named ?? 'people.json');
  const rel = relative(cwd, path);
  return { path, shown: rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path, named: named !== undefined };
}

/** The schema's rules for one entry, worded for the command line (the schema checks the whole file again). */
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const NAME_MAX = 60;
/** A code chosen by hand (from stdin): long enough that the scrypt hash is not the only thing guarding it. */
export const MIN_CODE_LENGTH = 8;

export function idProblem(id: string): string | undefined {
  if (RESERVED_PERSON_IDS.has(id)) return `"${id}" is reserved for the shared code's guests`;
  if (!ID_PATTERN.test(id))
    return `"${id}" is not a valid id: lower-case letters, digits and dashes, starting with a letter or digit, at most 63 characters`;
  return undefined;
}

export function nameProblem(name: string): string | undefined {
  if (!/\S/.test(name)) return 'the first name is empty';
  if (name.length > NAME_MAX) return `the first name is longer than ${NAME_MAX} characters`;
  return undefined;
}

/** The file as it is now, for an edit: its other top-level fields kept; absent: a new file. */
export type EditableFile = { ok: true; data: PeopleFile; exists: boolean } | { ok: false; lines: string[] };

export function readForEdit(target: PeopleFileTarget): EditableFile {
  if (!existsSync(target.path)) {
    // The editor hint, for a file in the repository (where ./people.json is); a path elsewhere would not travel.
    const inRepo = !relative(dirname(schemasDir), target.path).startsWith('..');
    const schema = relative(dirname(target.path), join(schemasDir, 'people.schema.json')).split('\\').join('/');
    const hint = inRepo ? { $schema: schema.startsWith('.') ? schema : `./${schema}` } : {};
    return { ok: true, data: { ...hint, people: [] }, exists: false };
  }
  const result = readPeopleFile(target.path, target.shown);
  if (!result.ok) return { ok: false, lines: result.problems.map(formatPeopleProblem) };
  return { ok: true, data: JSON.parse(readFileSync(target.path, 'utf8')) as PeopleFile, exists: true };
}

/**
 * Writes the file whole, 2-space JSON, to a file beside it that is then renamed over it: a running server (which
 * watches the folder) and a reader never see half a file. Checked as the server will read it before it is written.
 */
export function writePeopleFile(target: PeopleFileTarget, data: PeopleFile): string[] {
  const checked = checkPeopleData(data, target.shown);
  if (!checked.ok) return checked.problems.map(formatPeopleProblem);
  const mode = existsSync(target.path) ? statSync(target.path).mode & 0o777 : 0o600;
  const draft = join(
    dirname(target.path),
    `.${basename(target.path)}.${process.pid}.${randomBytes(4).toString('hex')}`,
  );
  try {
    writeFileSync(draft, `${JSON.stringify(data, null, 2)}\n`, { mode, flag: 'wx' });
    renameSync(draft, target.path);
  } catch (error) {
    rmSync(draft, { force: true });
    return [
      `${target.shown}: cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    ];
  }
  return [];
}

/** Why a code chosen by hand may not be used, if it may not; never repeats the code. */
export async function chosenCodeProblem(code: string, others: Person[], sharedCode: string | undefined) {
  if (normalizeCode(code).length < MIN_CODE_LENGTH) return `the code must be at least ${MIN_CODE_LENGTH} characters`;
  if (sharedCode && normalizeCode(sharedCode) === normalizeCode(code))
    return 'that code is the shared access code; choose another';
  // Sign-in takes the first person whose code matches: two people with one code would be one person.
  const taken = await Promise.all(others.map((person) => codeMatches(code, person.codeHash)));
  const owner = others.find((_, index) => taken[index]);
  return owner ? `that code is already ${owner.id}'s; choose another` : undefined;
}

/** The shared access code as the server finds it (ACCESS_CODE, else DATA_DIR/access-code), never created here. */
export function sharedAccessCode(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const fromEnv = env.ACCESS_CODE?.trim();
  if (fromEnv) return fromEnv;
  const file = join(resolve(cwd, env.DATA_DIR?.trim() || './data'), 'access-code');
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
