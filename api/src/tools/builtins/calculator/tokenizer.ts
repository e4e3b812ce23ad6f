import { ToolInputError } from '../../tool-input-error';

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^';

/** `at` is the token's 0-based offset in the expression, the position every error names. */
export type Token =
  | { kind: 'number'; value: number; text: string; at: number }
  | { kind: 'name'; text: string; at: number }
  | { kind: 'operator'; operator: BinaryOperator; text: string; at: number }
  | { kind: 'open' | 'close' | 'comma'; text: string; at: number }
  | { kind: 'end'; text: ''; at: number };

const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z][A-Za-z0-9_]*/y;
const WHITESPACE = /\s+/y;

const OPERATORS: Record<string, BinaryOperator> = { '+': '+', '-': '-', '*': '*', '/': '/', '%': '%', '^': '^' };
const PUNCTUATION: Record<string, 'open' | 'close' | 'comma'> = { '(': 'open', ')': 'close', ',': 'comma' };

/** Characters a model tends to copy from prose, with the spelling the calculator wants instead. */
const LOOKALIKES: Record<string, string> = {
  '×': 'use * to multiply',
  '·': 'use * to multiply',
  '÷': 'use / to divide',
  '−': "use '-' (ASCII hyphen-minus) to subtract",
  '=': "leave out '=' and give only the expression",
};

function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const space = matchAt(WHITESPACE, source, at);
    if (space) {
      at += space.length;
      continue;
    }
    const number = matchAt(NUMBER, source, at);
    if (number) {
      if (source[at + number.length] === '.') throw new ToolInputError(`malformed number at ${at}`);
      const value = Number(number);
      if (!Number.isFinite(value)) throw new ToolInputError(`number ${number} at ${at} is too large`);
      tokens.push({ kind: 'number', value, text: number, at });
      at += number.length;
      continue;
    }
    const name = matchAt(NAME, source, at);
    if (name) {
      tokens.push({ kind: 'name', text: name, at });
      at += name.length;
      continue;
    }
    if (source.startsWith('**', at)) {
      tokens.push({ kind: 'operator', operator: '^', text: '**', at });
      at += 2;
      continue;
    }
    const char = source[at];
    const operator = OPERATORS[char];
    if (operator) {
      tokens.push({ kind: 'operator', operator, text: char, at });
      at += 1;
      continue;
    }
    const punctuation = PUNCTUATION[char];
    if (punctuation) {
      tokens.push({ kind: punctuation, text: char, at });
      at += 1;
      continue;
    }
    const whole = String.fromCodePoint(source.codePointAt(at) ?? 0);
    const hint = LOOKALIKES[whole];
    throw new ToolInputError(`unexpected character '${whole}' at ${at}${hint ? `; ${hint}` : ''}`);
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}
