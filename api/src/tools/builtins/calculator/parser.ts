import { CONSTANTS, FUNCTIONS, type FunctionName, isConstantName, isFunctionName } from './functions';
import { type BinaryOperator, type Token, tokenize } from './tokenizer';
import { ToolInputError } from '../../tool-input-error';

export type Expression =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'negate'; operand: Expression; at: number }
  | { kind: 'binary'; operator: BinaryOperator; left: Expression; right: Expression; at: number }
  | { kind: 'call'; name: FunctionName; args: Expression[]; at: number };

export const MAX_NESTING = 64;

const NAMES_TEXT = `functions: ${Object.keys(FUNCTIONS).join(', ')}; constants: ${Object.keys(CONSTANTS).join(', ')}`;

/**
 * Recursive descent, loosest binding first:
 *   sum     := product (('+' | '-') product)*
 *   product := unary (('*' | '/' | '%') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary (('^' | '**') unary)?      right-associative; -2^2 = -(2^2), 2^-1 = 0.5
 *   primary := number | constant | function '(' sum (',' sum)* ')' | '(' sum ')'
 */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): Expression {
    const expression = this.sum();
    const next = this.peek();
    if (next.kind !== 'end') throw this.unexpected(next);
    return expression;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private advance(): Token {
    return this.tokens[this.index++];
  }

  private peekOperator(...operators: BinaryOperator[]): (Token & { kind: 'operator' }) | undefined {
    const token = this.peek();
    return token.kind === 'operator' && operators.includes(token.operator) ? token : undefined;
  }

  private sum(): Expression {
    let left = this.product();
    for (let op = this.peekOperator('+', '-'); op; op = this.peekOperator('+', '-')) {
      this.advance();
      left = { kind: 'binary', operator: op.operator, left, right: this.product(), at: op.at };
    }
    return left;
  }

  private product(): Expression {
    let left = this.unary();
    for (let op = this.peekOperator('*', '/', '%'); op; op = this.peekOperator('*', '/', '%')) {
      this.advance();
      left = { kind: 'binary', operator: op.operator, left, right: this.unary(), at: op.at };
    }
    return left;
  }

  private unary(): Expression {
    const sign = this.peekOperator('+', '-');
    if (!sign) return this.power();
    this.advance();
    const operand = this.unary();
    return sign.operator === '-' ? { kind: 'negate', operand, at: sign.at } : operand;
  }

  private power(): Expression {
    const base = this.primary();
    const op = this.peekOperator('^');
    if (!op) return base;
    this.advance();
    return { kind: 'binary', operator: '^', left: base, right: this.unary(), at: op.at };
  }

  private primary(): Expression {
    const token = this.advance();
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value, at: token.at };
      case 'name':
        return this.named(token);
      case 'open': {
        const inner = this.nested(token, () => this.sum());
        this.expectClose(token);
        return inner;
      }
      case 'end':
        throw new ToolInputError(`unexpected end of expression at ${token.at}; expected a number, name or '('`);
      default:
        throw this.unexpected(token);
    }
  }

  private named(token: Token): Expression {
    const name = token.text.toLowerCase();
    const calls = this.peek().kind === 'open';
    if (isFunctionName(name)) {
      if (!calls) throw new ToolInputError(`${name} at ${token.at} is a function; call it as ${name}(x)`);
      return this.call(name, token.at);
    }
    if (isConstantName(name)) {
      if (calls) throw new ToolInputError(`${name} at ${token.at} is a constant, not a function`);
      return { kind: 'number', value: CONSTANTS[name], at: token.at };
    }
    throw new ToolInputError(`unknown name '${token.text}' at ${token.at}; ${NAMES_TEXT}`);
  }

  private call(name: FunctionName, at: number): Expression {
    const open = this.advance();
    const args = this.nested(open, () => {
      if (this.peek().kind === 'close') return [];
      const parsed = [this.sum()];
      while (this.peek().kind === 'comma') {
        this.advance();
        parsed.push(this.sum());
      }
      return parsed;
    });
    this.expectClose(open);
    const { minArgs, maxArgs } = FUNCTIONS[name];
    if (args.length < minArgs || args.length > maxArgs) {
      throw new ToolInputError(`${name} at ${at} takes ${arityText(minArgs, maxArgs)}, got ${args.length}`);
    }
    return { kind: 'call', name, args, at };
  }

  private nested<T>(open: Token, parse: () => T): T {
    if (++this.depth > MAX_NESTING) {
      throw new ToolInputError(`parentheses nest deeper than ${MAX_NESTING} levels at ${open.at}`);
    }
    const parsed = parse();
    this.depth--;
    return parsed;
  }

  private expectClose(open: Token): void {
    const next = this.peek();
    if (next.kind === 'close') {
      this.advance();
      return;
    }
    if (next.kind === 'end') throw new ToolInputError(`missing ')' for the '(' at ${open.at}`);
    throw this.unexpected(next);
  }

  private unexpected(token: Token): ToolInputError {
    switch (token.kind) {
      case 'number':
      case 'name':
      case 'open':
        return new ToolInputError(`missing operator before '${token.text}' at ${token.at}`);
      case 'comma':
        return new ToolInputError(
          `unexpected ',' at ${token.at}; commas only separate function arguments, and numbers take no thousands separators (1000, not 1,000)`,
        );
      case 'end':
        return new ToolInputError(`unexpected end of expression at ${token.at}`);
      default:
        return new ToolInputError(`unexpected '${token.text}' at ${token.at}`);
    }
  }
}

function arityText(min: number, max: number): string {
  if (max === Infinity) return `at least ${min} argument${min === 1 ? '' : 's'}`;
  if (min === max) return `${min} argument${min === 1 ? '' : 's'}`;
  return `${min} or ${max} arguments`;
}

export function parse(source: string): Expression {
  return new Parser(tokenize(source)).parseAll();
}
