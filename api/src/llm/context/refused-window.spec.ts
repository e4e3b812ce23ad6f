import type { ModelRequest } from '../chat-model.service';
import { ContextOverflow } from '../model-failure';
import { windowAfterRefusal } from './refused-window';
import { promptTokens } from './token-count';

const request: ModelRequest = {
  model: 'local-model',
  temperature: 0.5,
  maxTokens: 1000,
  messages: [{ role: 'user', content: Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ') }],
};
const ours = promptTokens(request.messages);

describe(windowAfterRefusal.name, () => {
  it('scales the stated window by how many more tokens the service counted than we did', () => {
    const refusal = new ContextOverflow(7500, 400, { promptTokens: Math.round(ours * 1.5) });
    const window = windowAfterRefusal(refusal, request, 8192);
    expect(window).toBe(1000 + Math.floor(6500 / (Math.round(ours * 1.5) / ours)));
    // What the service would count of a prompt that fills the learned window stays within its own.
    expect((window - 1000) * 1.5 + 1000).toBeLessThanOrEqual(7500);
  });

  it('reads the prompt out of the total requested when only that is said', () => {
    const refusal = new ContextOverflow(7500, 400, { requestedTokens: 2 * ours + 1000 });
    expect(windowAfterRefusal(refusal, request, 8192)).toBe(1000 + Math.floor(6500 / 2));
  });

  it('takes a stated window as it is when our count agrees the request was over it', () => {
    const refusal = new ContextOverflow(ours, 400, { promptTokens: ours });
    expect(windowAfterRefusal(refusal, request, 8192)).toBe(ours);
  });

  it('shrinks below what was sent when the service states a window it did not seem to pass, with no count', () => {
    const refusal = new ContextOverflow(ours + 2000, 400);
    expect(windowAfterRefusal(refusal, request, 16_000)).toBe(Math.floor((ours + 1000) * 0.9));
  });

  it('halves the window when the service says nothing of sizes, and never grows it', () => {
    expect(windowAfterRefusal(new ContextOverflow(undefined, 400), request, 8192)).toBe(4096);
    expect(windowAfterRefusal(new ContextOverflow(100_000, 400, { promptTokens: ours }), request, 16_000)).toBe(15_999);
  });
});
