import { fitContext, MessageTooLong } from './fit-context';
import { promptTokens } from './token-count';

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const base = { model: 'm', temperature: 0, maxTokens: 200, systemPrompt: 'You help.', historyLimit: 100 };

describe('fitContext', () => {
  it('sends the whole conversation when it fits, with no memory', () => {
    const conversation = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hello' },
      { role: 'user' as const, content: 'Plan a trip' },
    ];
    const fitted = fitContext({ ...base, conversation, memory: 'Earlier: a garden', windowTokens: 4000 });
    expect(fitted.request.messages).toEqual([{ role: 'system', content: 'You help.' }, ...conversation]);
    expect([fitted.contextMessages, fitted.omittedMessages]).toEqual([3, 0]);
  });

  it('keeps the newest messages that fit, adds the summary as memory, and stays within the window', () => {
    const conversation = Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: words(100, `t${i}x`),
    }));
    const fitted = fitContext({ ...base, conversation, memory: 'They planned a garden.', windowTokens: 2000 });
    expect(fitted.request.messages.at(-1)).toEqual(conversation.at(-1));
    expect(fitted.omittedMessages).toBeGreaterThan(0);
    expect(fitted.contextMessages + fitted.omittedMessages).toBe(20);
    expect(fitted.request.messages[0].content).toContain('They planned a garden.');
    expect(promptTokens(fitted.request.messages) + base.maxTokens).toBeLessThanOrEqual(2000);
  });

  it('honours the history window before the budget', () => {
    const conversation = ['a', 'b', 'c', 'd'].map((content) => ({ role: 'user' as const, content }));
    const fitted = fitContext({ ...base, conversation, historyLimit: 2, windowTokens: 4000 });
    expect(fitted.request.messages.slice(1).map((m) => m.content)).toEqual(['c', 'd']);
  });

  it('refuses a newest message that cannot fit, saying how long a message may be', () => {
    const conversation = [{ role: 'user' as const, content: words(3000, 'w') }];
    expect(() => fitContext({ ...base, conversation, windowTokens: 2000 })).toThrow(MessageTooLong);
    expect(() => fitContext({ ...base, conversation, windowTokens: 2000 })).toThrow(/about [\d,]+ words/);
  });

  it('counts photos in the budget, and drops the photos of the oldest messages first while their words stay', () => {
    const photo = (id: string) =>
      ({
        type: 'image',
        kind: 'image',
        id,
        name: `${id}.jpg`,
        read: 'the whole image',
        dataUrl: 'data:image/jpeg;base64,AAAA',
        tokens: 765,
      }) as const;
    const conversation = [
      { role: 'user' as const, content: 'First room', attachments: [photo('first')] },
      { role: 'assistant' as const, content: 'A mid-century room.' },
      { role: 'user' as const, content: 'Second room', attachments: [photo('second')] },
      { role: 'assistant' as const, content: 'Scandinavian.' },
      { role: 'user' as const, content: 'Third room', attachments: [photo('third')] },
    ];
    // Room for two photos and the words, not three.
    const fitted = fitContext({ ...base, conversation, windowTokens: 2100 });
    const sent = fitted.request.messages.slice(1);
    expect(sent.map((m) => m.attachments?.map((a) => a.id) ?? [])).toEqual([[], [], ['second'], [], ['third']]);
    expect(sent[0].content).toMatch(/^First room\n\[1 photo\(s\) sent with this message are no longer shown\]$/);
    expect(fitted.omittedMessages).toBe(0);
    expect(promptTokens(fitted.request.messages) + base.maxTokens).toBeLessThanOrEqual(2100);
  });
});
