import { MessageTooLong, messageBudget } from '../context/fit-context';
import type { ModelMessage } from '../model-message';
import { type Grounding, preparedReply, type ReplyContext } from './reply-strategy';

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const document = (text: string, read: string) =>
  ({ type: 'text', kind: 'document', id: 'd1', name: 'notes.txt', text, read }) as const;

/** A conversation whose newest message carries a document read for a window of 100,000 tokens. */
const context = (refitNewest?: ReplyContext['refitNewest']): ReplyContext => ({
  routing: { strategy: 'completions', fallback: [] },
  settings: { model: 'm', temperature: 0, maxTokens: 500 },
  systemPrompt: 'You help.',
  conversation: [
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi' },
    {
      role: 'user',
      content: 'What about the joists?',
      attachments: [document(words(20_000, 'w'), 'parts 1-90 of 700')],
    },
  ],
  windowTokens: 100_000,
  ...(refitNewest && { refitNewest }),
});
const reply = { strategy: 'completions' as const, systemPrompt: 'You help.', window: 100 };

describe('a prepared reply refitted to a smaller window', () => {
  it('asks for the newest message read anew within what one message may take of the new window, and sends that', async () => {
    const budgets: number[] = [];
    const reread: ModelMessage = {
      role: 'user',
      content: 'What about the joists?',
      attachments: [document('The joists sag.', 'part 477 of 700')],
    };
    const prepared = preparedReply(
      context((budget) => {
        budgets.push(budget);
        return Promise.resolve(reread);
      }),
      reply,
    );

    const refitted = await prepared.refit(6000);

    expect(budgets).toEqual([messageBudget({ systemPrompt: 'You help.', maxTokens: 500, windowTokens: 6000 })]);
    expect(refitted.request.messages).toEqual([
      { role: 'system', content: 'You help.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi' },
      reread,
    ]);
    // Refitted again (a second refusal), it reads anew within the still smaller window.
    await refitted.refit(5000);
    expect(budgets[1]).toBe(messageBudget({ systemPrompt: 'You help.', maxTokens: 500, windowTokens: 5000 }));
  });

  it('without a way to read the message anew, says the message is too long', async () => {
    await expect(preparedReply(context(), reply).refit(6000)).rejects.toBeInstanceOf(MessageTooLong);
  });

  it('passes on the MessageTooLong of a message whose typed text leaves no room', async () => {
    const refused = new MessageTooLong(4000, 'This message leaves no room for its documents.');
    const prepared = preparedReply(
      context(() => Promise.reject(refused)),
      reply,
    );
    await expect(prepared.refit(6000)).rejects.toBe(refused);
  });
});

describe('a prepared reply with the agent’s grounding', () => {
  const grounding = (windowTokens: number, asked: number[]): Grounding => ({
    text: `# Knowledge chosen for ${windowTokens} tokens`,
    provenance: {},
    refit: (smaller) => {
      asked.push(smaller);
      return Promise.resolve(grounding(smaller, asked));
    },
  });

  it('carries it after the persona, and chooses it anew for a smaller window before reading the message anew', async () => {
    const asked: number[] = [];
    const budgets: number[] = [];
    const prepared = preparedReply(
      {
        ...context((budget) => {
          budgets.push(budget);
          return Promise.resolve({ role: 'user', content: 'What about the joists?' });
        }),
        grounding: grounding(100_000, asked),
      },
      reply,
    );
    expect(prepared.request.messages[0]).toEqual({
      role: 'system',
      content: 'You help.\n\n# Knowledge chosen for 100000 tokens',
    });

    const refitted = await prepared.refit(6000);

    expect(asked).toEqual([6000]);
    expect(refitted.request.messages[0].content).toBe('You help.\n\n# Knowledge chosen for 6000 tokens');
    expect(refitted.grounding?.text).toBe('# Knowledge chosen for 6000 tokens');
    const systemPrompt = 'You help.\n\n# Knowledge chosen for 6000 tokens';
    expect(budgets).toEqual([messageBudget({ systemPrompt, maxTokens: 500, windowTokens: 6000 })]);
  });
});
