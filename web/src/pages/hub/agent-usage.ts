import type { AgentUsage } from '../../lib/api/usage';

const texts = { tokens: 'tokens this month' } as const;

/** 950, 12.3k, 4.5M: short enough for a card's corner. */
export function compactCount(value: number): string {
  if (value < 1000) return String(value);
  // From 999,500 on, thousands would round to 1000k.
  const [divisor, suffix] = value < 999_500 ? [1000, 'k'] : [1_000_000, 'M'];
  const scaled = value / divisor;
  return `${scaled < 100 ? Number(scaled.toFixed(1)) : Math.round(scaled)}${suffix}`;
}

/** "12.3k tokens this month · ≈ $0.42"; the cost only when the server could price every reply. */
export function agentUsageText(usage: AgentUsage): string {
  const tokens = `${compactCount(usage.promptTokens + usage.completionTokens)} ${texts.tokens}`;
  const cost = usage.estimatedCostUsd;
  if (cost === null) return tokens;
  return `${tokens} · ${cost > 0 && cost < 0.005 ? '< $0.01' : `≈ $${cost.toFixed(2)}`}`;
}
