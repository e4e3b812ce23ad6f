import { summarize } from './usage.service';
import type { UsageRow } from './usage.store';

const range = { from: '2025-03-01', to: '2025-03-31' };
const row = (overrides: Partial<UsageRow>): UsageRow => ({
  date: '2025-03-01',
  agentType: 'alpha',
  model: 'gpt-4o',
  promptTokens: 0,
  completionTokens: 0,
  replies: 1,
  ...overrides,
});

describe(summarize.name, () => {
  it('sums the models of a day and agent into one day entry, in date then agent order', () => {
    const sut = summarize(range, [
      row({ date: '2025-03-02', agentType: 'beta', promptTokens: 5, completionTokens: 1 }),
      row({ promptTokens: 100, completionTokens: 10, replies: 2 }),
      row({ model: 'gpt-4o-mini', promptTokens: 50, completionTokens: 5 }),
      row({ agentType: 'beta', promptTokens: 7, completionTokens: 3 }),
    ]);

    expect(sut.from).toBe('2025-03-01');
    expect(sut.to).toBe('2025-03-31');
    expect(sut.days).toEqual([
      { date: '2025-03-01', agentType: 'alpha', promptTokens: 150, completionTokens: 15, replies: 3 },
      { date: '2025-03-01', agentType: 'beta', promptTokens: 7, completionTokens: 3, replies: 1 },
      { date: '2025-03-02', agentType: 'beta', promptTokens: 5, completionTokens: 1, replies: 1 },
    ]);
    expect(
      sut.agents.map((agent) => [agent.agentType, agent.promptTokens, agent.completionTokens, agent.replies]),
    ).toEqual([
      ['alpha', 150, 15, 3],
      ['beta', 12, 4, 2],
    ]);
  });

  it('prices each model at its own rate', () => {
    const sut = summarize(range, [
      row({ model: 'gpt-4o-2024-08-06', promptTokens: 1_000_000, completionTokens: 0 }),
      row({ model: 'gpt-4o-mini', promptTokens: 0, completionTokens: 1_000_000 }),
    ]);

    expect(sut.agents[0].estimatedCostUsd).toBe(2.5 + 0.6);
  });

  it('has no cost for an agent with any reply of an unpriced or unrecorded model', () => {
    const sut = summarize(range, [
      row({ agentType: 'alpha', promptTokens: 1000 }),
      row({ agentType: 'alpha', model: 'local-llama', promptTokens: 1000 }),
      row({ agentType: 'beta', model: null, promptTokens: 1000 }),
      row({ agentType: 'gamma', promptTokens: 1000 }),
    ]);

    expect(sut.agents.map((agent) => [agent.agentType, agent.estimatedCostUsd])).toEqual([
      ['alpha', null],
      ['beta', null],
      ['gamma', 0.0025],
    ]);
  });

  it('rounds costs to a millionth of a dollar', () => {
    const sut = summarize(range, [row({ model: 'gpt-4.1-nano', promptTokens: 3, completionTokens: 3 })]);

    expect(sut.agents[0].estimatedCostUsd).toBe(0.000002);
  });

  it('answers empty lists without replies', () => {
    expect(summarize(range, [])).toEqual({ ...range, days: [], agents: [] });
  });
});
