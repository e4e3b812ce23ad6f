import { formatPeopleProblem, readPeopleFile } from './people-file';
import { peopleFileTarget } from './people-edit';

/** `npm run people:check`: validates the people file (PEOPLE_FILE, else ./people.json) exactly as the server reads it. */
function main(): number {
  const target = peopleFileTarget();
  const result = readPeopleFile(target.path, target.shown);
  if (!result.ok) {
    if (result.missing && !target.named) {
      console.log(
        `No people file at ${target.shown}: the shared access code opens everything (set PEOPLE_FILE to name another file).`,
      );
      return 0;
    }
    for (const problem of result.problems) console.error(formatPeopleProblem(problem));
    console.error(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${target.shown}`);
    return 1;
  }
  const { people } = result;
  console.log(
    `${people.length} ${people.length === 1 ? 'person' : 'people'} valid: ${people.map((p) => `${p.id} (${p.firstName})`).join(', ') || 'nobody'}`,
  );
  return 0;
}

process.exitCode = main();
