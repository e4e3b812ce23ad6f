import { readFileSync } from 'node:fs';
import type { Person, PeopleFile } from '@mb/contracts/types/people';
import { schemas } from '../../common/json-schema';
import { isCheckableHash } from './person-code';

export type { Person, PeopleFile };

export const PEOPLE_SCHEMA_ID = 'people.schema.json';

export interface PeopleFileProblem {
  file: string;
  pointer: string;
  message: string;
}

/** `file: /json/pointer: message`, as agents:check words a problem. */
export const formatPeopleProblem = (problem: PeopleFileProblem) =>
  `${problem.file}: ${problem.pointer || '/'}: ${problem.message}`;

export type PeopleFileResult =
  { ok: true; people: Person[] } | { ok: false; missing: boolean; problems: PeopleFileProblem[] };

export const RESERVED_PERSON_IDS = new Set(['guest']);

/** What the schema cannot say: ids are unique and not reserved, and each hash is one this server can check. */
function crossChecks(people: Person[], file: string): PeopleFileProblem[] {
  const problems: PeopleFileProblem[] = [];
  const firstAt = new Map<string, number>();
  people.forEach((person, index) => {
    const earlier = firstAt.get(person.id);
    if (RESERVED_PERSON_IDS.has(person.id))
      problems.push({
        file,
        pointer: `/people/${index}/id`,
        message: `"${person.id}" is reserved for the shared code's guests`,
      });
    else if (earlier !== undefined)
      problems.push({
        file,
        pointer: `/people/${index}/id`,
        message: `"${person.id}" is already /people/${earlier}/id`,
      });
    else firstAt.set(person.id, index);
    if (!isCheckableHash(person.codeHash))
      problems.push({
        file,
        pointer: `/people/${index}/codeHash`,
        message: 'has scrypt parameters this server does not accept (N a power of two up to 2^20, r·p at most 16)',
      });
  });
  return problems;
}

/** Reads and validates the people file: JSON syntax, people.schema.json, unique ids, usable hashes. */
export function readPeopleFile(path: string, file = path): PeopleFileResult {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code ? `cannot be read (${code})` : `is not valid JSON: ${(error as Error).message}`;
    return { ok: false, missing: code === 'ENOENT', problems: [{ file, pointer: '', message }] };
  }
  return checkPeopleData(data, file);
}

/** Validates parsed content as readPeopleFile does (people:add checks a file before writing it). */
export function checkPeopleData(data: unknown, file: string): PeopleFileResult {
  const result = schemas.validate<PeopleFile>(PEOPLE_SCHEMA_ID, data);
  if (!result.ok) return { ok: false, missing: false, problems: result.problems.map((p) => ({ file, ...p })) };
  const problems = crossChecks(result.value.people, file);
  return problems.length ? { ok: false, missing: false, problems } : { ok: true, people: result.value.people };
}
