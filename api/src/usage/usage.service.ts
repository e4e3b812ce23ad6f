import { Injectable } from '@nestjs/common';
import type { AgentUsage, DayUsage, UsageResponse } from '@mb/contracts/types/wire/usage-response';
import type { ChatScope } from '../sessions';
import { costOf, MODEL_PRICES, priceOf, type ModelPrice } from './model-prices';
import { rangeInstants, type UsageRange } from './usage-range';
import { UsageStore, type UsageRow } from './usage.store';

type Totals = Pick<DayUsage, 'promptTokens' | 'completionTokens' | 'replies'>;

const add = (into: Totals, row: Totals) => {
  into.promptTokens += row.promptTokens;
  into.completionTokens += row.completionTokens;
  into.replies += row.replies;
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Micro-dollars: enough for a single cheap reply, free of floating-point dust.
const roundUsd = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

/** Sums what replies used per day and agent, and what each agent's replies cost at list prices. */
@Injectable()
export class UsageService {
  constructor(private readonly store: UsageStore) {}

  /** What the replies of the chats `scope` sees used (a person's own, shared and older chats). */
  async usage(range: UsageRange, scope?: ChatScope): Promise<UsageResponse> {
    const { start, end } = rangeInstants(range);
    return summarize(range, await this.store.sumByDayAgentAndModel(start, end, scope));
  }
}

/** The answer for the rows of a range; an agent with any reply of an unpriced model has no cost. */
export function summarize(
  range: UsageRange,
  rows: readonly UsageRow[],
  prices: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): UsageResponse {
  const days = new Map<string, DayUsage>();
  const agents = new Map<string, AgentUsage>();
  for (const row of rows) {
    const dayKey = `${row.date} ${row.agentType}`;
    const day = days.get(dayKey) ?? {
      date: row.date,
      agentType: row.agentType,
      promptTokens: 0,
      completionTokens: 0,
      replies: 0,
    };
    days.set(dayKey, day);
    add(day, row);

    const agent = agents.get(row.agentType) ?? {
      agentType: row.agentType,
      promptTokens: 0,
      completionTokens: 0,
      replies: 0,
      estimatedCostUsd: 0,
    };
    agents.set(row.agentType, agent);
    add(agent, row);
    const price = priceOf(row.model, prices);
    agent.estimatedCostUsd =
      price && agent.estimatedCostUsd !== null
        ? agent.estimatedCostUsd + costOf(price, row.promptTokens, row.completionTokens)
        : null;
  }
  return {
    from: range.from,
    to: range.to,
    days: [...days.values()].sort((a, b) => byText(a.date, b.date) || byText(a.agentType, b.agentType)),
    agents: [...agents.values()]
      .sort((a, b) => byText(a.agentType, b.agentType))
      .map((agent) => ({
        ...agent,
        estimatedCostUsd: agent.estimatedCostUsd === null ? null : roundUsd(agent.estimatedCostUsd),
      })),
  };
}
