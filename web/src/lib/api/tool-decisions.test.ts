import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/stub-api';
import { decideToolCall as sut, toolDecisionPath } from './tool-decisions';

afterEach(() => vi.unstubAllGlobals());

describe(sut.name, () => {
  it('posts Allow as {allow: true} to the call of the chat’s running turn', async () => {
    const calls = stubApi({
      'POST /api/chat/sessions/s-1/turn/tool-calls/call_42': () => json({ accepted: true }),
    });

    await expect(sut('s-1', 'call_42', true)).resolves.toEqual({ accepted: true });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/chat/sessions/s-1/turn/tool-calls/call_42', body: { allow: true } },
    ]);
  });

  it('posts Deny as {allow: false} and passes on a call that no longer waits', async () => {
    const calls = stubApi({
      'POST /api/chat/sessions/s-1/turn/tool-calls/call_42': () => json({ accepted: false }),
    });

    await expect(sut('s-1', 'call_42', false)).resolves.toEqual({ accepted: false });
    expect(calls[0].body).toEqual({ allow: false });
  });
});

describe('toolDecisionPath', () => {
  it('encodes the ids it fills in', () => {
    expect(toolDecisionPath('s/1', 'call 1')).toBe('/api/chat/sessions/s%2F1/turn/tool-calls/call%201');
  });
});
