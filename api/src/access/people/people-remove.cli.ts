import { peopleFileTarget, readForEdit, writePeopleFile } from './people-edit';

/** `npm run people:remove -- <id>`: takes a person out of the people file, which signs them out everywhere. */
function main(): number {
  const refuse = (line: string) => {
    console.error(`people:remove: ${line}`);
    return 1;
  };
  const [id, ...extra] = process.argv.slice(2);
  if (!id || extra.length) return refuse('one id is needed (usage: npm run people:remove -- <id>)');
  const target = peopleFileTarget();
  const file = readForEdit(target);
  if (!file.ok) {
    file.lines.forEach((line) => console.error(`people:remove: ${line}`));
    return 1;
  }
  if (!file.exists) return refuse(`there is no people file at ${target.shown}`);
  const person = file.data.people.find((p) => p.id === id);
  if (!person) return refuse(`"${id}" is not in ${target.shown}`);
  const people = file.data.people.filter((p) => p.id !== id);
  const written = writePeopleFile(target, { ...file.data, people });
  if (written.length) {
    written.forEach((line) => console.error(`people:remove: ${line}`));
    return 1;
  }
  console.log(`Removed ${id} (${person.firstName}) from ${target.shown}; they are signed out everywhere.`);
  if (!people.length)
    console.log(
      `${target.shown} lists nobody now: no personal code signs in until you add someone (delete the file to go back to the shared code alone).`,
    );
  return 0;
}

process.exitCode = main();
