import { CIRCLE, GUEST, type Viewer } from '../access';
import { agentRefused, mayUse } from './agent-audience';

const anna: Viewer = { kind: 'person', personId: 'anna', firstName: 'Anna' };
const ben: Viewer = { kind: 'person', personId: 'ben', firstName: 'Ben' };

describe(mayUse.name, () => {
  it('lets everyone use an agent without an audience', () => {
    for (const viewer of [CIRCLE, GUEST, anna, ben]) expect(mayUse(viewer, {})).toBe(true);
  });

  it('lets only the people named use an agent with an audience; guests are in none', () => {
    const forAnna = { audience: ['anna'] };
    expect(mayUse(anna, forAnna)).toBe(true);
    expect(mayUse(ben, forAnna)).toBe(false);
    expect(mayUse(GUEST, forAnna)).toBe(false);
  });

  it('has no effect without people: the circle uses every agent', () => {
    expect(mayUse(CIRCLE, { audience: ['anna'] })).toBe(true);
  });

  it('refuses with a sentence naming the agent', () => {
    const refusal = agentRefused({ id: 'health' });
    expect(refusal.code).toBe('FORBIDDEN');
    expect(refusal.status).toBe(403);
    expect(refusal.message).toBe(
      'The agent "health" is meant for someone else in the circle: its file names who may use it.',
    );
  });
});
