export type FunctionName =
  'sqrt' | 'abs' | 'round' | 'floor' | 'ceil' | 'ln' | 'log' | 'log2' | 'exp' | 'sin' | 'cos' | 'tan' | 'min' | 'max';

export type ConstantName = 'pi' | 'e';

export interface MathFunction {
  minArgs: number;
  /** Infinity for variadic functions. */
  maxArgs: number;
  /** What the arguments must satisfy, said as the model should read it; checked before `apply`. */
  requirement?: { holds(args: number[]): boolean; text: string };
  apply(args: number[]): number;
}

export const CONSTANTS: Record<ConstantName, number> = { pi: Math.PI, e: Math.E };

const MAX_ROUND_DIGITS = 15;

/** Moves the decimal point through the digits (x·10^places) without the binary error of multiplying by 10^places. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Half away from zero, on the decimal digits as written: round(2.5) = 3, round(-2.5) = -3, round(1.005, 2) = 1.01. */
function roundTo(value: number, digits: number): number {
  const shifted = shiftDecimal(Math.abs(value), digits);
  // From 2^52 up a double holds no fraction, so the value is already whole at these digits.
  if (shifted >= 2 ** 52) return value;
  return Math.sign(value) * shiftDecimal(Math.round(shifted), -digits);
}

/**
 * sin(pi) is 1.2e-16, not 0, because pi is itself rounded: a result smaller than its argument's own rounding error
 * (|x|·ε) is noise, and reported as 0.
 */
function trigonometric(fn: (x: number) => number): MathFunction {
  return {
    minArgs: 1,
    maxArgs: 1,
    apply: ([x]) => {
      const result = fn(x);
      return Math.abs(result) < Math.abs(x) * Number.EPSILON ? 0 : result;
    },
  };
}

function unary(fn: (x: number) => number, requirement?: MathFunction['requirement']): MathFunction {
  return { minArgs: 1, maxArgs: 1, requirement, apply: ([x]) => fn(x) };
}

const positive = (name: string): MathFunction['requirement'] => ({
  holds: ([x]) => x > 0,
  text: `${name} needs a number > 0`,
});

export const FUNCTIONS: Record<FunctionName, MathFunction> = {
  sqrt: unary(Math.sqrt, { holds: ([x]) => x >= 0, text: 'sqrt needs a number >= 0' }),
  abs: unary(Math.abs),
  round: {
    minArgs: 1,
    maxArgs: 2,
    requirement: {
      holds: ([, digits = 0]) => Number.isInteger(digits) && Math.abs(digits) <= MAX_ROUND_DIGITS,
      text: `round's digits must be a whole number from -${MAX_ROUND_DIGITS} to ${MAX_ROUND_DIGITS}`,
    },
    apply: ([x, digits = 0]) => roundTo(x, digits),
  },
  floor: unary(Math.floor),
  ceil: unary(Math.ceil),
  ln: unary(Math.log, positive('ln')),
  log: unary(Math.log10, positive('log')),
  log2: unary(Math.log2, positive('log2')),
  exp: unary(Math.exp),
  sin: trigonometric(Math.sin),
  cos: trigonometric(Math.cos),
  tan: trigonometric(Math.tan),
  min: { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.min(...args) },
  max: { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.max(...args) },
};

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(FUNCTIONS, name);
}

export function isConstantName(name: string): name is ConstantName {
  return Object.hasOwn(CONSTANTS, name);
}
