/**
 * Knowledge for the knowledge bench: maintenance handbooks in Markdown, one section a passage (about 700 characters),
 * with people's names, equipment codes ("AX-4432") and a German section now and then; and questions of four kinds
 * asked of them: plain words, names (some misspelt), codes, German.
 */

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];
const hash = (n: number, k: number) => Math.abs(Math.imul(n + 1, 2654435761) ^ Math.imul(k + 7, 40503)) >>> 0;
const words = (text: string) => text.split(' ');

const PEOPLE = words(
  'Okonkwo Hashimoto Fitzgerald Lindqvist Castellanos Nakamura Kowalczyk Abernathy Oyelaran Vasquez Bergström ' +
    'Dimitriou Rasmussen Takahashi Ferreira Novak Haugland Petrakis Achterberg Mbeki Szymanski Gallagher Moreau ' +
    'Yamamoto Ivanova Quintero Lefebvre Thorsen Albrecht Okafor',
);
const EQUIPMENT = words(
  'boiler radiator heat-pump chiller compressor ventilator sprinkler elevator generator transformer pump valve ' +
    'thermostat damper humidifier extractor conveyor turbine inverter battery switchboard cistern skylight shutter',
);
const PLACES = words(
  'basement attic kitchen laboratory warehouse lobby garage plant-room workshop stairwell rooftop loading-bay ' +
    'server-room cafeteria library gymnasium courtyard boiler-house annex clinic',
);
const FINDINGS = [
  'showed a slow pressure drop over the weekend',
  'was rattling at start-up and the bearings were replaced',
  'tripped the breaker twice during the storm',
  'had corrosion on the flange and the gasket was renewed',
  'ran warm after the filter was clogged with dust',
  'passed the annual inspection without remarks',
  'needed a firmware update before the sensor readings settled',
  'leaked a little at the union nut, which was tightened',
  'drew more current than its rating, so the load was split',
  'was noisy at night and the mounts were isolated',
];
const FOLLOW_UPS = [
  'The next check is due in three months.',
  'Spare parts were ordered from the usual supplier.',
  'The warranty covers the repair until the end of next year.',
  'A quote for replacing the whole unit was requested.',
  'The readings were logged in the maintenance book.',
  'The tenants were told about the outage in advance.',
  'Costs stayed within the budget agreed in spring.',
];
const GERMAN = [
  'Die Heizung im Keller macht seit dem Winter seltsame Geräusche.',
  'Der Wartungsvertrag wurde um zwei Jahre verlängert.',
  'Die Pumpe wurde gereinigt und die Dichtung ersetzt.',
  'Im Lager ist die Luftfeuchtigkeit zu hoch für die Kartons.',
  'Der Aufzug blieb zweimal zwischen den Stockwerken stehen.',
  'Die Rechnung für die Reparatur kam höher als erwartet.',
];
const CODE_PREFIXES = words('AX BQ KL TR ZN PV HM GD RC WF');

/** Section `n`'s equipment code: each section has one of its own. */
export const codeOf = (n: number) => `${pick(CODE_PREFIXES, hash(n, 1))}-${1000 + ((n * 7919) % 9000)}`;

function section(n: number): string {
  const person = pick(PEOPLE, hash(n, 2));
  const equipment = pick(EQUIPMENT, hash(n, 3));
  const place = pick(PLACES, hash(n, 4));
  const lines = [`## ${equipment} ${codeOf(n)} in the ${place}`, ''];
  const sentences = [
    `${person} inspected the ${equipment} ${codeOf(n)} in the ${place} on day ${1 + (n % 28)} of month ${1 + (n % 12)}.`,
  ];
  for (let k = 0; sentences.join(' ').length < 620; k++) {
    const other = pick(EQUIPMENT, hash(n, 10 + k));
    sentences.push(`The ${other} next to it ${pick(FINDINGS, hash(n, 20 + k))}.`);
    if (hash(n, 30 + k) % 3 === 0) sentences.push(pick(FOLLOW_UPS, hash(n, 40 + k)));
    if (hash(n, 50 + k) % 7 === 0) sentences.push(pick(GERMAN, hash(n, 60 + k)));
  }
  sentences.push(`Reported by ${person}, reviewed by ${pick(PEOPLE, hash(n, 5))}.`);
  lines.push(sentences.join(' '), '');
  return lines.join('\n');
}

/** Handbook `file` of `sections` sections (passages), numbered on from the previous handbooks'. */
export function handbook(file: number, sections: number): string {
  const first = file * sections;
  const body = Array.from({ length: sections }, (_, i) => section(first + i));
  return [`# Maintenance handbook ${file + 1}`, '', ...body].join('\n');
}

/** A small handbook that fits any window whole. */
export const shortHandbook = () => handbook(0, 4);

export type QueryKind = 'words' | 'names' | 'codes' | 'German';
export const QUERY_KINDS: QueryKind[] = ['words', 'names', 'codes', 'German'];

const GERMAN_QUESTIONS = [
  'Was ist mit der Heizung im Keller los?',
  'Wurde der Wartungsvertrag verlängert?',
  'Welche Dichtung wurde an der Pumpe ersetzt?',
  'Warum blieb der Aufzug stehen?',
  'Wie hoch war die Rechnung für die Reparatur?',
  'Ist die Luftfeuchtigkeit im Lager zu hoch?',
];

/** A name spelt wrong, as a user types it: a letter doubled or dropped. */
const misspelt = (name: string, n: number) => {
  const at = 2 + (n % (name.length - 3));
  return n % 2 ? name.slice(0, at) + name[at] + name.slice(at) : name.slice(0, at) + name.slice(at + 1);
};

/** Question `n` of `kind`, about the corpus of `sections` sections in all. */
export function question(kind: QueryKind, n: number, sections: number): string {
  switch (kind) {
    case 'words':
      return `Which ${pick(EQUIPMENT, hash(n, 70))} ${pick(FINDINGS, hash(n, 71)).split(' ').slice(0, 4).join(' ')} in the ${pick(PLACES, hash(n, 72))}?`;
    case 'names': {
      const name = pick(PEOPLE, hash(n, 73));
      return `What did ${n % 3 === 0 ? misspelt(name, n) : name} report about the ${pick(EQUIPMENT, hash(n, 74))}?`;
    }
    case 'codes':
      return `What was found at ${codeOf(hash(n, 75) % sections)} and when is its next check?`;
    case 'German':
      return pick(GERMAN_QUESTIONS, n);
  }
}
