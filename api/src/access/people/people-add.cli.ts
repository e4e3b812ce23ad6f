import { parseArgs } from 'node:util';
import {
  chosenCodeProblem,
  idProblem,
  nameProblem,
  peopleFileTarget,
  readForEdit,
  sharedAccessCode,
  writePeopleFile,
} from './people-edit';
import { generatePersonalCode, hashCode } from './person-code';

const USAGE = 'usage: npm run people:add -- <id> "<First name>" [--replace-code]';

/** A code piped in (`echo "my code" | npm run people:add -- …`); undefined from a terminal or an empty pipe. */
async function codeFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text || undefined;
}

/**
 * `npm run people:add -- <id> "<First name>"`: adds a person to the people file with a new personal code, shown once
 * (or the one piped to stdin), of which only the hash is written. `--replace-code` gives someone listed a new code,
 * which signs them out everywhere; their name stays unless one is given.
 */
async function main(): Promise<number> {
  const refuse = (line: string) => {
    console.error(`people:add: ${line}`);
    return 1;
  };
  let values: { 'replace-code'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      options: { 'replace-code': { type: 'boolean' } },
      allowPositionals: true,
    }));
  } catch (error) {
    return refuse(`${(error as Error).message} (${USAGE})`);
  }
  const replace = values['replace-code'] === true;
  const [id, name, ...extra] = positionals;
  if (!id || (!name && !replace) || extra.length)
    return refuse(`${extra.length ? 'too many arguments' : 'an id and a first name are needed'} (${USAGE})`);
  const problem = idProblem(id) ?? (name === undefined ? undefined : nameProblem(name));
  if (problem) return refuse(problem);

  const target = peopleFileTarget();
  const file = readForEdit(target);
  if (!file.ok) {
    file.lines.forEach((line) => console.error(`people:add: ${line}`));
    return 1;
  }
  const people = file.data.people;
  const index = people.findIndex((person) => person.id === id);
  if (index >= 0 && !replace)
    return refuse(`"${id}" is already in ${target.shown}; --replace-code gives them a new code`);
  if (index < 0 && replace) return refuse(`"${id}" is not in ${target.shown}; leave out --replace-code to add them`);

  const piped = await codeFromStdin();
  if (piped !== undefined) {
    const others = people.filter((person) => person.id !== id);
    const codeProblem = await chosenCodeProblem(piped, others, sharedAccessCode());
    if (codeProblem) return refuse(codeProblem);
  }
  const code = piped ?? generatePersonalCode();
  const firstName = name?.trim() ?? people[index].firstName;
  const person = { id, firstName, codeHash: await hashCode(code) };
  const next = index >= 0 ? people.map((p, i) => (i === index ? person : p)) : [...people, person];
  const written = writePeopleFile(target, { ...file.data, people: next });
  if (written.length) {
    written.forEach((line) => console.error(`people:add: ${line}`));
    return 1;
  }

  const done =
    index >= 0
      ? `Gave ${id} (${firstName}) a new code in ${target.shown}; they are signed out everywhere`
      : `Added ${id} (${firstName}) to ${target.shown}${file.exists ? '' : ' (a new file: chats are now private to the people in it)'}`;
  console.log(`${done}; a running server reads the change at once.`);
  if (piped === undefined)
    console.log(`${firstName}'s personal code (shown only now, only its hash is kept; give it to them): ${code}`);
  else console.log(`${firstName} signs in with the code you gave.`);
  return 0;
}

void main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`people:add: ${error.message}`);
    process.exitCode = 1;
  },
);
