// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDefinition, AgentErrors } from '@mb/contracts/types/agent';
import type { ErrorResponse } from '@mb/contracts/types/wire/error-response';
import { toast } from '../../../components/toast/toasts';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { SERVER_UNREACHABLE } from '../../../lib/failure-wording';
import type { ChatItem } from '../chat-item';
import { failureReason, reportTurnFailure as sut } from './report-turn-failure';
import { toTurnFailure, type TurnFailure } from './turn-failure';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

const apologyText = "I'm sorry, I encountered an error processing your request. Please try again.";
const toastText = 'Failed to send message. Please try again.';

function agentWith(errors: AgentErrors): AgentDefinition {
  return {
    id: 'test-agent',
    routes: ['/test-agent'],
    display: { title: 'Test Agent', header: 'test agent', name: 'Test', loadingText: 'Connecting to AI service...' },
    access: { denied: 'redirect', persistFlag: false },
    conversation: {
      greeting: 'Hello!',
      session: { createOn: 'first-message', titleMaxLength: 50 },
      reconfigurable: false,
    },
    persona: { role_description: 'A test agent.', domains: [], response_guidelines: [] },
    model: { temperature: 0.7, maxTokens: 1500 },
    routing: { strategy: 'completions', fallback: [] },
    input: { send: 'enter', placeholder: 'Type a message...', minHeight: 50, attach: 'append-file-name' },
    errors,
  };
}

/** Reports `failure` for an agent with `errors` and returns what was appended to the conversation. */
function report(failure: TurnFailure, errors: AgentErrors): ChatItem[] {
  const appended: ChatItem[] = [];
  sut(failure, agentWith(errors), (item) => appended.push(item));
  return appended;
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe(sut.name, () => {
  describe('notice style', () => {
    const notice = { style: 'notice' } as const;

    it.each([
      ['NO_API_KEY', 'API Key Required', 'OpenAI API key is missing or invalid. Please provide a valid API key.'],
      ['UNAUTHORIZED', 'API Key Invalid', 'Your OpenAI API key appears to be invalid. Please check and try again.'],
    ] as const)('%s appends the spec’s “%s” notice offering to reconnect', (code, title, text) => {
      const [item] = report({ code, message: 'Server wording', details: ['ignored'] }, notice);

      expect(item).toMatchObject({ kind: 'notice', title, text, reconnect: true });
      expect(item).toHaveProperty('details', undefined);
    });

    it.each([
      [
        'NETWORK_ERROR',
        'Network Error',
        'Unable to connect to OpenAI. Please check your internet connection and try again.',
      ],
      ['RATE_LIMIT', 'Rate Limit Exceeded', 'OpenAI rate limit exceeded. Please wait a moment and try again.'],
    ] as const)('%s appends the spec’s “%s” notice without a reconnect offer', (code, title, text) => {
      const [item] = report({ code, message: 'Server wording' }, notice);

      expect(item).toMatchObject({ kind: 'notice', title, text });
      expect(item).toHaveProperty('reconnect', undefined);
    });

    it('shows our server failing to answer as such, not as OpenAI being unreachable', () => {
      const [item] = report(toTurnFailure(new NetworkError(new TypeError('Failed to fetch'))), notice);

      expect(item).toMatchObject({
        kind: 'notice',
        title: 'Cannot reach the server',
        text: 'The server did not answer. Check your connection and try again.',
      });
      expect(item).toHaveProperty('reconnect', undefined);
    });

    it('shows the message and details of a failure the server words itself, untitled', () => {
      const [item] = report(
        {
          code: 'VALIDATION_FAILED',
          message: 'The message is too long.',
          details: ['content: at most 8000 characters'],
        },
        notice,
      );

      expect(item).toMatchObject({
        kind: 'notice',
        text: 'The message is too long.',
        details: ['content: at most 8000 characters'],
      });
      expect(item).toHaveProperty('title', undefined);
      expect(item).toHaveProperty('reconnect', undefined);
    });

    it('shows the message of a failure that has no code', () => {
      expect(report({ message: 'Something broke.' }, notice)).toMatchObject([
        { kind: 'notice', text: 'Something broke.' },
      ]);
    });

    it('keys each notice uniquely so repeated failures all show', () => {
      const [first] = report({ code: 'RATE_LIMIT', message: 'x' }, notice);
      const [second] = report({ code: 'RATE_LIMIT', message: 'x' }, notice);

      expect(first.key).not.toBe(second.key);
    });

    it('does not toast', () => {
      report({ code: 'RATE_LIMIT', message: 'x' }, notice);

      expect(toast).not.toHaveBeenCalled();
    });
  });

  describe('apology style', () => {
    it('appends the agent’s apology as a finished assistant message, whatever failed', () => {
      const appended = report({ code: 'NO_API_KEY', message: 'No key' }, { style: 'apology', text: apologyText });

      expect(appended).toEqual([
        {
          kind: 'assistant',
          key: expect.stringMatching(/^apology-/),
          content: apologyText,
          sources: [],
          incomplete: false,
          streaming: false,
        },
      ]);
      expect(toast).not.toHaveBeenCalled();
    });
  });

  describe('toast style', () => {
    const toastStyle = { style: 'toast', text: toastText } as const;

    it('toasts “Error” with the agent’s text and appends nothing', () => {
      const appended = report({ code: 'RATE_LIMIT', message: '429: rate limited' }, toastStyle);

      expect(toast).toHaveBeenCalledExactlyOnceWith({ title: 'Error', description: toastText, variant: 'destructive' });
      expect(appended).toEqual([]);
    });

    it('toasts the failure’s message and details when it has details, saying what to fix', () => {
      report(
        {
          code: 'VALIDATION_FAILED',
          message: 'The configuration is invalid.',
          details: ['domains: required', 'role_description: required'],
        },
        toastStyle,
      );

      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Error',
        description: 'The configuration is invalid. domains: required; role_description: required',
        variant: 'destructive',
      });
    });

    it('toasts the failure’s message when the agent has no text', () => {
      report({ message: 'Something broke.' }, { style: 'toast' });

      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Error',
        description: 'Something broke.',
        variant: 'destructive',
      });
    });

    it('toasts the same words as the notice for a known code when the agent has no text', () => {
      report({ code: 'RATE_LIMIT', message: 'Server wording' }, { style: 'toast' });

      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Error',
        description: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
        variant: 'destructive',
      });
    });
  });
});

describe('a refused message (MESSAGE_TOO_LONG), in every style', () => {
  const tooLong: TurnFailure = {
    code: 'MESSAGE_TOO_LONG',
    message: 'This message is too long for this assistant: it can read about 1,068 words (1,425 tokens) at a time.',
  };

  it('is a notice with the server’s words that says to change the message, not to try again', () => {
    expect(report(tooLong, { style: 'notice' })).toEqual([
      expect.objectContaining({ kind: 'notice', text: tooLong.message, refused: true }),
    ]);
  });

  it('is the same notice for an agent that apologizes for failures: an apology would hide what to change', () => {
    expect(report(tooLong, { style: 'apology', text: apologyText })).toEqual([
      expect.objectContaining({ kind: 'notice', text: tooLong.message, refused: true }),
    ]);
  });

  it('toasts the server’s words, not the agent’s text for failures', () => {
    report(tooLong, { style: 'toast', text: toastText });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Error',
      description: tooLong.message,
      variant: 'destructive',
    });
  });
});

describe(failureReason.name, () => {
  const invalid = {
    code: 'VALIDATION_FAILED',
    message: 'The configuration is invalid.',
    details: ['domains: required'],
  };
  it.each([
    ['toast', { style: 'toast', text: toastText }, { code: 'RATE_LIMIT', message: 'x' }, toastText],
    [
      'notice',
      { style: 'notice' },
      { code: 'RATE_LIMIT', message: 'x' },
      'OpenAI rate limit exceeded. Please wait a moment and try again.',
    ],
    ['apology', { style: 'apology', text: apologyText }, { message: 'Something broke.' }, 'Something broke.'],
    ['notice', { style: 'notice' }, invalid, 'The configuration is invalid. domains: required'],
  ] as [string, AgentErrors, TurnFailure, string][])(
    'is the words the %s style reports (never an apology)',
    (_style, errors, failure, words) => {
      expect(failureReason(failure, agentWith(errors))).toBe(words);
    },
  );
});

describe(toTurnFailure.name, () => {
  it('takes the code, message and details from an API error’s body', () => {
    const body: ErrorResponse = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The configuration is invalid.',
      details: ['domains: required'],
    };
    const error = new ApiError(400, JSON.stringify(body), 'Bad Request', body, null);

    expect(toTurnFailure(error)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The configuration is invalid.',
      details: ['domains: required'],
    });
  });

  it('falls back to the spec’s “<status>: <text>” message for an API error without a body', () => {
    const error = new ApiError(502, 'Bad gateway', 'Bad Gateway', null, null);

    expect(toTurnFailure(error)).toEqual({ code: undefined, message: '502: Bad gateway', details: undefined });
  });

  it('reports a request that never got an answer as our server unreachable, not as NETWORK_ERROR', () => {
    expect(toTurnFailure(new NetworkError(new TypeError('Failed to fetch')))).toMatchObject({
      code: SERVER_UNREACHABLE,
    });
  });

  it('keeps the message of any other error, without a code', () => {
    expect(toTurnFailure(new Error('Unexpected token'))).toEqual({ message: 'Unexpected token' });
    expect(toTurnFailure('plain text')).toEqual({ message: 'plain text' });
  });
});
