import { calculatorTool as sut, MAX_EXPRESSION_LENGTH, ToolInputError } from '.';
import { formatNumber } from './format-number';
import { MAX_NESTING } from './parser';

const calculate = (expression: string) => sut.run({ expression }, new AbortController().signal);

const table = (cases: Array<[string, string]>) => cases.map(([expression, expected]) => ({ expression, expected }));

describe('calculatorTool', () => {
  it('offers one required string argument, expression, and nothing else', () => {
    expect(sut.name).toBe('calculator');
    expect(sut.parameters).toEqual({
      type: 'object',
      properties: { expression: { type: 'string', description: expect.any(String) } },
      required: ['expression'],
      additionalProperties: false,
    });
  });

  describe('numbers', () => {
    it.each(
      table([
        ['42', '42'],
        ['3.25', '3.25'],
        ['.5', '0.5'],
        ['1.', '1'],
        ['1.5e3', '1500'],
        ['2.5E-3', '0.0025'],
        ['1e+2', '100'],
        [' 2 *\n 3\t', '6'],
      ]),
    )('reads $expression as $expected', async ({ expression, expected }) => {
      expect(await calculate(expression)).toBe(expected);
    });
  });

  describe('precedence and associativity', () => {
    it.each(
      table([
        ['2+3*4', '14'],
        ['(2+3)*4', '20'],
        ['10-4-3', '3'],
        ['100/10/5', '2'],
        ['7%3*2', '2'],
        ['2*3%4', '2'],
        ['2^3*2', '16'],
        ['2*3^2', '18'],
        ['2^3^2', '512'],
        ['2**3**2', '512'],
        ['(2^3)^2', '64'],
        ['2^3**2', '512'],
        ['-2^2', '-4'],
        ['-2**2', '-4'],
        ['(-2)^2', '4'],
        ['2^-1', '0.5'],
        ['-2^-2', '-0.25'],
        ['2*-3', '-6'],
        ['1 - -1', '2'],
        ['--3', '3'],
        ['+3', '3'],
        ['-(-3)', '3'],
        ['-3^2+1', '-8'],
      ]),
    )('evaluates $expression to $expected', async ({ expression, expected }) => {
      expect(await calculate(expression)).toBe(expected);
    });
  });

  describe('remainder', () => {
    it.each(
      table([
        ['7 % 3', '1'],
        ['-7 % 3', '-1'],
        ['7 % -3', '1'],
        ['7.5 % 2', '1.5'],
      ]),
    )('%% keeps the sign of the dividend: $expression = $expected', async ({ expression, expected }) => {
      expect(await calculate(expression)).toBe(expected);
    });
  });

  describe('functions and constants', () => {
    it.each(
      table([
        ['sqrt(16)', '4'],
        ['abs(-3.5)', '3.5'],
        ['round(2.5)', '3'],
        ['round(-2.5)', '-3'],
        ['round(2.4)', '2'],
        ['round(1.005, 2)', '1.01'],
        ['round(pi, 4)', '3.1416'],
        ['round(1234.5678, -2)', '1200'],
        ['round(1e300, 2)', '1e+300'],
        ['floor(-1.5)', '-2'],
        ['ceil(1.2)', '2'],
        ['ln(e)', '1'],
        ['log(1000)', '3'],
        ['log2(8)', '3'],
        ['exp(0)', '1'],
        ['exp(1)', '2.71828182846'],
        ['sin(pi/2)', '1'],
        ['cos(pi)', '-1'],
        ['tan(pi/4)', '1'],
        ['sin(pi)', '0'],
        ['cos(pi/2)', '0'],
        ['sin(2*pi)', '0'],
        ['sin(1e-20)', '1e-20'],
        ['min(3, 1, 2)', '1'],
        ['max(-1)', '-1'],
        ['max(1, 5, 2, 4, 3, 0)', '5'],
        ['pi', '3.14159265359'],
        ['e', '2.71828182846'],
        ['sqrt(max(9, 16)) + round(pi, 2)', '7.14'],
        ['min(1+1, 2*3, -(4))', '-4'],
        ['SQRT(4) * PI / Pi', '2'],
      ]),
    )('evaluates $expression to $expected', async ({ expression, expected }) => {
      expect(await calculate(expression)).toBe(expected);
    });
  });

  describe('output', () => {
    it.each(
      table([
        ['0.1+0.2', '0.3'],
        ['1-0.9', '0.1'],
        ['1/3', '0.333333333333'],
        ['2/3', '0.666666666667'],
        ['-1/3', '-0.333333333333'],
        ['123456.789', '123456.789'],
        ['2^40', '1099511627776'],
        ['999999999999999', '999999999999999'],
        ['10^15', '1e+15'],
        ['1e20/3', '3.33333333333e+19'],
        ['1234567890123.5', '1.23456789012e+12'],
        ['0.000001', '0.000001'],
        ['1/3*1e-7', '3.33333333333e-8'],
        ['-0', '0'],
        ['0*-1', '0'],
      ]),
    )('writes $expression as $expected', async ({ expression, expected }) => {
      expect(await calculate(expression)).toBe(expected);
    });

    it('writes every number so that it reads back as itself, within 12 significant digits', async () => {
      for (const value of [Math.PI * 1e200, -Math.E * 1e-200, 5e-324, Number.MAX_VALUE, 2 ** 53 + 2, 1 / 7]) {
        const written = formatNumber(value);
        expect(Math.abs(Number(written) / value - 1)).toBeLessThan(5e-12);
        expect(await calculate(written)).toBe(written);
      }
    });
  });

  describe('errors the model can act on', () => {
    it.each(
      table([
        ['(1 + 2))', "unexpected ')' at 7"],
        [')', "unexpected ')' at 0"],
        ['*2', "unexpected '*' at 0"],
        ['2* *3', "unexpected '*' at 3"],
        ['2 +', "unexpected end of expression at 3; expected a number, name or '('"],
        ['()', "unexpected ')' at 1"],
        ['max(1,)', "unexpected ')' at 6"],
        ['(1+2', "missing ')' for the '(' at 0"],
        ['sqrt(4', "missing ')' for the '(' at 4"],
        ['2(3)', "missing operator before '(' at 1"],
        ['2pi', "missing operator before 'pi' at 1"],
        ['2e', "missing operator before 'e' at 1"],
        ['(2 3)', "missing operator before '3' at 3"],
        ['1.2.3', 'malformed number at 0'],
        ['1_000', "unexpected character '_' at 1"],
        ['2 × 3', "unexpected character '×' at 2; use * to multiply"],
        ['6 ÷ 3', "unexpected character '÷' at 2; use / to divide"],
        ['1+1=', "unexpected character '=' at 3; leave out '=' and give only the expression"],
        [
          'x + 1',
          "unknown name 'x' at 0; functions: sqrt, abs, round, floor, ceil, ln, log, log2, exp, sin, cos, tan, min, max; constants: pi, e",
        ],
        ['sqrt 4', 'sqrt at 0 is a function; call it as sqrt(x)'],
        ['2*pi(1)', 'pi at 2 is a constant, not a function'],
        ['sqrt(1, 2)', 'sqrt at 0 takes 1 argument, got 2'],
        ['round(1, 2, 3)', 'round at 0 takes 1 or 2 arguments, got 3'],
        ['min()', 'min at 0 takes at least 1 argument, got 0'],
        ['1/0', 'division by zero at 1'],
        ['1/(2-2)', 'division by zero at 1'],
        ['5 % 0', 'division by zero at 2'],
        ['0^-1', 'division by zero at 1 (0 to a negative power)'],
        ['(-8)^(1/3)', 'a negative number to a fractional power is not a real number, at 4'],
        ['sqrt(-4)', 'sqrt needs a number >= 0 (got sqrt(-4)) at 0'],
        ['1 + ln(0)', 'ln needs a number > 0 (got ln(0)) at 4'],
        ['log(-1)', 'log needs a number > 0 (got log(-1)) at 0'],
        ['log2(0)', 'log2 needs a number > 0 (got log2(0)) at 0'],
        ['round(2, 1.5)', "round's digits must be a whole number from -15 to 15 (got round(2, 1.5)) at 0"],
        ['round(2, 16)', "round's digits must be a whole number from -15 to 15 (got round(2, 16)) at 0"],
        ['10^400', "the result of '^' at 2 is too large (beyond ±1.8e308)"],
        ['1e308*10', "the result of '*' at 5 is too large (beyond ±1.8e308)"],
        ['-1e308-1e308', "the result of '-' at 6 is too large (beyond ±1.8e308)"],
        ['1e308/1e-10', "the result of '/' at 5 is too large (beyond ±1.8e308)"],
        ['exp(1000)', 'the result of exp at 0 is too large (beyond ±1.8e308)'],
        ['1e999', 'number 1e999 at 0 is too large'],
        [
          '1,000',
          "unexpected ',' at 1; commas only separate function arguments, and numbers take no thousands separators (1000, not 1,000)",
        ],
      ]),
    )('refuses $expression: $expected', async ({ expression, expected }) => {
      const failure = calculate(expression);
      await expect(failure).rejects.toThrow(ToolInputError);
      await expect(failure).rejects.toThrow(new ToolInputError(expected));
    });

    it('evaluates nothing as JavaScript: globals and object properties are unknown names', async () => {
      for (const expression of ['constructor(1)', 'toString(1)', 'process', 'globalThis']) {
        await expect(calculate(expression)).rejects.toThrow(/^unknown name/);
      }
      await expect(calculate('__proto__')).rejects.toThrow("unexpected character '_' at 0");
      await expect(calculate('Math.PI')).rejects.toThrow("unexpected character '.' at 4");
      await expect(calculate('"1"+1')).rejects.toThrow(`unexpected character '"' at 0`);
    });
  });

  describe('limits', () => {
    it(`takes an expression of ${MAX_EXPRESSION_LENGTH} characters and refuses a longer one`, async () => {
      const longest = '1+'.repeat((MAX_EXPRESSION_LENGTH - 2) / 2) + '11';
      expect(longest).toHaveLength(MAX_EXPRESSION_LENGTH);
      expect(await calculate(longest)).toBe('260');
      await expect(calculate(`${longest} `)).rejects.toThrow(
        new ToolInputError('expression is 501 characters, at most 500 are allowed; split the calculation into steps'),
      );
    });

    it(`takes ${MAX_NESTING} levels of parentheses and refuses ${MAX_NESTING + 1}, naming the one too deep`, async () => {
      const nest = (levels: number) => `${'('.repeat(levels)}1${')'.repeat(levels)}`;
      expect(await calculate(nest(MAX_NESTING))).toBe('1');
      await expect(calculate(nest(MAX_NESTING + 1))).rejects.toThrow(
        new ToolInputError(`parentheses nest deeper than ${MAX_NESTING} levels at ${MAX_NESTING}`),
      );
    });

    it("counts a function call's parentheses as nesting", async () => {
      const calls = (levels: number) => `${'abs('.repeat(levels)}-1${')'.repeat(levels)}`;
      expect(await calculate(calls(MAX_NESTING))).toBe('1');
      await expect(calculate(calls(MAX_NESTING + 1))).rejects.toThrow(
        `parentheses nest deeper than ${MAX_NESTING} levels at ${MAX_NESTING * 4 + 3}`,
      );
    });

    it('survives long chains that are not parentheses (unary signs, powers)', async () => {
      expect(await calculate(`${'-'.repeat(400)}2`)).toBe('2');
      expect(await calculate(`${'1^'.repeat(240)}1`)).toBe('1');
    });
  });

  describe('arguments', () => {
    it.each([
      { args: { expression: '' }, message: 'expression must be a string of arithmetic, e.g. 2*(3+4)' },
      { args: { expression: '   ' }, message: 'expression must be a string of arithmetic, e.g. 2*(3+4)' },
      { args: { expression: 42 }, message: 'expression must be a string of arithmetic, e.g. 2*(3+4)' },
      { args: {}, message: 'expression must be a string of arithmetic, e.g. 2*(3+4)' },
      { args: null, message: 'arguments must be an object like {"expression": "2*(3+4)"}' },
      { args: '2+2', message: 'arguments must be an object like {"expression": "2*(3+4)"}' },
      { args: ['2+2'], message: 'arguments must be an object like {"expression": "2*(3+4)"}' },
      {
        args: { expression: '1', precision: 2, mode: 'deg' },
        message: "unknown argument 'precision', 'mode'; give only expression",
      },
    ])('refuses $args', async ({ args, message }) => {
      await expect(sut.run(args, new AbortController().signal)).rejects.toThrow(new ToolInputError(message));
    });

    it('does not start when the call was already cancelled', async () => {
      const controller = new AbortController();
      controller.abort(new Error('turn cancelled'));
      await expect(sut.run({ expression: '1+1' }, controller.signal)).rejects.toThrow('turn cancelled');
    });
  });
});
