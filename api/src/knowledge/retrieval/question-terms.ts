/**
 * Words that say nothing of what a passage is about, in English and German: left out of the words a passage is
 * ranked by (the German stemmer keeps English "the", the English one German "die") and of the trigram terms.
 */
const COMMON = new Set(
  (
    'a about above after again against all also am among an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having he ' +
    'her here hers herself him himself his how i if in into is it its itself just me more most much must my myself ' +
    'no nor not now of off on once only or other our ours ourselves out over own same she should so some such than ' +
    'that the their theirs them themselves then there these they this those through to too under until up very was ' +
    'we were what when where which while who whom why will with would you your yours yourself please tell show give ' +
    'find list many number total know say said ' +
    'aber alle allem allen aller alles als also am an auch auf aus bei bin bis bist da damit dann das dass dein dem ' +
    'den der des dich die dir doch dort du durch ein eine einem einen einer eines er es etwas euch für hat hatte ' +
    'hier ich ihm ihn ihr im in ist ja jede jeder kann kein man mein mich mir mit muss nach nicht noch nun nur ob ' +
    'oder ohne sehr sein sich sie sind so soll über um und uns unter vom von vor war was weil wenn wer wie wir wird ' +
    'wo zu zum zur'
  ).split(' '),
);

/** A word: letters and digits, joined inside by dots, slashes, hyphens or underscores ("AX-4432", "LDL-C"). */
export const WORDS = /[\p{L}\p{N}][\p{L}\p{N}._/-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** The words of a text a passage may be ranked by: those that are not common words of English or German. */
export function contentWords(text: string): string {
  return (text.match(WORDS) ?? []).filter((word) => !COMMON.has(word.toLowerCase())).join(' ');
}

/** Terms a trigram search looks for at most. */
const MAX_TERMS = 8;

/**
 * The words of a question worth looking up by trigrams: names and codes first (a digit, a capital, a hyphen:
 * "LDL-C", "AX-4432", "Hashimoto"), then the longest other words; each once, at least three characters.
 */
export function trigramTerms(question: string): string[] {
  const words = question.match(WORDS) ?? [];
  const candidates = [...new Set(words)].filter((word) => word.length >= 3 && !COMMON.has(word.toLowerCase()));
  const codeLike = (word: string) => /\d|[-_/.]|\p{Lu}/u.test(word);
  const ordered = [
    ...candidates.filter(codeLike),
    ...candidates.filter((word) => !codeLike(word) && word.length >= 5).sort((a, b) => b.length - a.length),
  ];
  return [...new Set(ordered.map((word) => word.toLowerCase()))].slice(0, MAX_TERMS);
}

/**
 * Whether a question asks about a table as a whole (how many, a sum, an average, the largest, every row): its answer
 * needs every row, which top-ranked passages never are. English and German.
 */
export function asksAboutWholeTable(question: string): boolean {
  return /\b(how many|how much|count|counts|number of|total|totals|sum|sums|average|averages|mean|median|maximum|minimum|max|min|highest|lowest|largest|smallest|most|least|every|each|all|per|overall|altogether|in total|wie viele|wieviele|anzahl|summe|gesamt|insgesamt|durchschnitt|mittelwert|höchste|niedrigste|alle|jede|jeden|jeder|pro)\b/iu.test(
    question,
  );
}
