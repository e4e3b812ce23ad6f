import { describe, expect, it } from 'vitest';
import { agentUsageText, compactCount } from './agent-usage';

const usage = (promptTokens: number, completionTokens: number, estimatedCostUsd: number | null) => ({
  agentType: 'any',
  promptTokens,
  completionTokens,
  replies: 1,
  estimatedCostUsd,
});

describe(compactCount.name, () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1000, '1k'],
    [12_345, '12.3k'],
    [123_456, '123k'],
    [999_499, '999k'],
    [999_999, '1M'],
    [4_540_000, '4.5M'],
  ])('writes %d as %s', (value, text) => {
    expect(compactCount(value)).toBe(text);
  });
});

describe(agentUsageText.name, () => {
  it('gives the tokens in and out together, and the cost when there is one', () => {
    expect(agentUsageText(usage(12_000, 300, 0.4213))).toBe('12.3k tokens this month · ≈ $0.42');
    expect(agentUsageText(usage(12_000, 300, null))).toBe('12.3k tokens this month');
  });

  it('never rounds a small cost down to nothing', () => {
    expect(agentUsageText(usage(40, 2, 0.00012))).toBe('42 tokens this month · < $0.01');
    expect(agentUsageText(usage(0, 0, 0))).toBe('0 tokens this month · ≈ $0.00');
  });
});
