import { evaluate } from './evaluator';
import { formatNumber } from './format-number';
import type { ToolDefinition } from '../../tool-definition';
import { ToolInputError } from '../../tool-input-error';

export { ToolInputError };

export const MAX_EXPRESSION_LENGTH = 500;

const EXAMPLE = 'e.g. 2*(3+4)';

function expressionOf(args: unknown): string {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new ToolInputError(`arguments must be an object like {"expression": "2*(3+4)"}`);
  }
  const extra = Object.keys(args).filter((key) => key !== 'expression');
  if (extra.length > 0) {
    throw new ToolInputError(`unknown argument ${extra.map((key) => `'${key}'`).join(', ')}; give only expression`);
  }
  const { expression } = args as { expression?: unknown };
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw new ToolInputError(`expression must be a string of arithmetic, ${EXAMPLE}`);
  }
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new ToolInputError(
      `expression is ${expression.length} characters, at most ${MAX_EXPRESSION_LENGTH} are allowed; split the calculation into steps`,
    );
  }
  return expression;
}

export const calculatorTool: ToolDefinition = {
  name: 'calculator',
  description:
    'Evaluates an arithmetic expression exactly as written and returns the number (12 significant digits). ' +
    'Use it for any arithmetic instead of computing in your head. ' +
    'Operators: + - * / ^ or ** (power, right-associative; -2^2 = -4), % (remainder, sign of the dividend), parentheses. ' +
    'Functions: sqrt, abs, round(x) or round(x, digits), floor, ceil, ln, log (base 10), log2, exp, ' +
    'sin, cos, tan (radians), min(...), max(...). Constants: pi, e. Numbers like 1.5 or 1.5e3, without thousands separators.',
  parameters: {
    type: 'object',
    properties: {
      expression: { type: 'string', description: `The arithmetic to evaluate, ${EXAMPLE} or sqrt(2)/2.` },
    },
    required: ['expression'],
    additionalProperties: false,
  },
  run(args: unknown, signal: AbortSignal): Promise<string> {
    // Async in shape only: evaluation is synchronous and bounded by the length and nesting limits.
    return new Promise((resolve) => {
      signal.throwIfAborted();
      resolve(formatNumber(evaluate(expressionOf(args))));
    });
  },
};
