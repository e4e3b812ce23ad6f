import { AppError } from './app-error';

export const MAX_JSON_DEPTH = 32;

/** Half of a character: a UTF-16 surrogate without its partner (the `u` flag reads a whole pair as one character). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * ES2024's checks, which node has (>= 20) and our TypeScript lib does not name yet. V8 answers them at once for
 * text of one-byte characters, where the pattern would read a 100 MB import's every character.
 */
type Text = string & { isWellFormed(): boolean; toWellFormed(): string };

export const hasLoneSurrogate = (text: string): boolean => !(text as Text).isWellFormed();

/**
 * The text with each half of a character replaced by U+FFFD, for text that is not the user's own (a model's
 * output, a tool's result, a file's name): there is nothing to ask anyone to fix, and PostgreSQL refuses it.
 */
export const wellFormed = (text: string): string => (text as Text).toWellFormed();

interface Pending {
  value: unknown;
  depth: number;
  parent?: Pending;
  key?: string | number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Where a value sits, as a reader of the JSON would write it: `body.messages[2].content`. */
function pathOf(entry: Pending, where: string): string {
  let path = '';
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) {
    const key = at.key!;
    path =
      (typeof key === 'number' ? `[${key}]` : IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`) + path;
  }
  return where + path;
}

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  const half = hasLoneSurrogate(text) ? LONE_SURROGATE.exec(text) : null;
  if (half)
    return (
      `holds half of a character (${JSON.stringify(half[0]).slice(1, -1)}, character ${Array.from(text.slice(0, half.index)).length + 1}), ` +
      'often left by copying part of an emoji: copy the text again, or remove that character'
    );
  return undefined;
}

/**
 * Text PostgreSQL cannot store (NUL, half of a character), and nesting deep enough to overflow the validators'
 * recursion: the first such problem, naming where it is (`where` and the path below it), or undefined. What a
 * user typed or pasted is refused rather than repaired: silently changing it would store what they did not write.
 */
export function unsafeJsonProblem(value: unknown, where: string): string | undefined {
  const pending: Pending[] = [{ value, depth: 0 }];
  while (pending.length) {
    const entry = pending.pop()!;
    const { value: current, depth } = entry;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) return `${pathOf(entry, where)} ${problem}`;
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_JSON_DEPTH) return `${where} is nested more than ${MAX_JSON_DEPTH} levels deep`;
      const array = Array.isArray(current);
      for (const [key, child] of Object.entries(current)) {
        const next: Pending = { value: child, depth: depth + 1, parent: entry, key: array ? Number(key) : key };
        const problem = problemOf(key);
        if (problem) return `${pathOf(next, where)}: its name ${problem}`;
        pending.push(next);
      }
    }
  }
  return undefined;
}

/** Refuses what unsafeJsonProblem finds with a 400, before it can surface as a 500 later. */
export function assertSafeJson(value: unknown, where: string): void {
  const problem = unsafeJsonProblem(value, where);
  if (problem) throw AppError.validation([problem]);
}
