import { formatNumber } from './format-number';
import { FUNCTIONS } from './functions';
import { type Expression, parse } from './parser';
import { type BinaryOperator } from './tokenizer';
import { ToolInputError } from '../../tool-input-error';

const TOO_LARGE = 'is too large (beyond ±1.8e308)';

type Apply = (left: number, right: number, at: number) => number;

const divide: Apply = (left, right, at) => {
  if (right === 0) throw new ToolInputError(`division by zero at ${at}`);
  return left / right;
};

const power: Apply = (base, exponent, at) => {
  if (base === 0 && exponent < 0) throw new ToolInputError(`division by zero at ${at} (0 to a negative power)`);
  const result = base ** exponent;
  if (Number.isNaN(result)) {
    throw new ToolInputError(`a negative number to a fractional power is not a real number, at ${at}`);
  }
  return result;
};

const BINARY: Record<BinaryOperator, Apply> = {
  '+': (left, right) => left + right,
  '-': (left, right) => left - right,
  '*': (left, right) => left * right,
  '/': divide,
  // The remainder takes the dividend's sign, as in most languages: -7 % 3 = -1.
  '%': (left, right, at) => {
    if (right === 0) throw new ToolInputError(`division by zero at ${at}`);
    return left % right;
  },
  '^': power,
};

function evaluateNode(node: Expression): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'negate':
      return -evaluateNode(node.operand);
    case 'binary': {
      const result = BINARY[node.operator](evaluateNode(node.left), evaluateNode(node.right), node.at);
      if (!Number.isFinite(result))
        throw new ToolInputError(`the result of '${node.operator}' at ${node.at} ${TOO_LARGE}`);
      return result;
    }
    case 'call': {
      const fn = FUNCTIONS[node.name];
      const args = node.args.map(evaluateNode);
      if (fn.requirement && !fn.requirement.holds(args)) {
        throw new ToolInputError(
          `${fn.requirement.text} (got ${node.name}(${args.map(formatNumber).join(', ')})) at ${node.at}`,
        );
      }
      const result = fn.apply(args);
      if (!Number.isFinite(result)) throw new ToolInputError(`the result of ${node.name} at ${node.at} ${TOO_LARGE}`);
      return result;
    }
  }
}

/** The value of an arithmetic expression; any problem is a ToolInputError naming where it is (a 0-based offset). */
export function evaluate(source: string): number {
  return evaluateNode(parse(source));
}
