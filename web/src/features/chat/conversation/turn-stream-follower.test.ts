import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { ChatTurnEvent } from '../../../lib/api/turns';
import type { ChatMessage, ChatSession } from '../../../lib/api/sessions';
import { toolCall } from '../../../test/tool-calls';
import { storedPdf } from '../../../test/upload-agents';
import { TurnStreamFollower as Sut, type FollowEffect, type FollowOptions } from './turn-stream-follower';

const session = { id: 's1', title: 'Joists' } as ChatSession;
const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  role: 'user',
  content: 'How deep are the joists?',
  order: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  incomplete: false,
  sources: [],
  ...overrides,
});
const question = message({});
const answer = message({ id: 'm2', role: 'assistant', content: 'Nine inches.', order: 1 });
const partial = message({ id: 'm2', role: 'assistant', content: 'Nine', order: 1, incomplete: true });
const call = toolCall();
const source = { title: 'Joist spans', link: 'https://spans.example/joists' };
const pdf = storedPdf();
const tooLong = { type: 'error', code: 'MESSAGE_TOO_LONG', message: 'Too long.', partial: null } as const;

/** A turn sent from the composer: its pending message, its text and its file. */
const sent: FollowOptions = { pendingKey: 'pending-1', draft: 'How deep are the joists?', attachments: [pdf] };
const dispatch = (action: Extract<FollowEffect, { type: 'dispatch' }>['action']): FollowEffect => ({
  type: 'dispatch',
  action,
});
const refresh: FollowEffect = { type: 'refresh-sessions' };
const resync: FollowEffect = { type: 'resync' };
const idle = dispatch({ type: 'idle' });

describe(Sut.name, () => {
  describe('a turn sent here, event by event', () => {
    it('session: remembers the chat, and refreshes the list when the turn created it', () => {
      expect(new Sut(sent).take({ type: 'session', session, created: true })).toEqual([
        { type: 'remember-session', id: 's1' },
        refresh,
      ]);
      expect(new Sut(sent).take({ type: 'session', session, created: false })).toEqual([
        { type: 'remember-session', id: 's1' },
      ]);
    });

    it('user-message: the pending message becomes the saved one', () => {
      expect(new Sut(sent).take({ type: 'user-message', message: question })).toEqual([
        dispatch({ type: 'user-saved', key: 'pending-1', message: question }),
      ]);
    });

    it('user-message again (the files read anew): replaces the saved message it showed', () => {
      const sut = new Sut(sent);
      const reread = { ...question, attachments: [storedPdf({ read: 'pages 3 and 41 of 80' })] };
      sut.take({ type: 'user-message', message: question });

      expect(sut.take({ type: 'user-message', message: reread })).toEqual([
        dispatch({ type: 'user-saved', key: 'm1', message: reread }),
      ]);
    });

    it('the first part of the reply starts it, whichever it is; the next ones only add to it', () => {
      const firsts: ChatTurnEvent[] = [
        { type: 'token', text: 'Nine' },
        { type: 'sources', sources: [source] },
        { type: 'tool-call', call },
        { type: 'tool-result', call: { ...call, status: 'done' } },
      ];
      for (const first of firsts) {
        const sut = new Sut(sent);
        sut.take({ type: 'user-message', message: question });
        expect(sut.take(first)[0]).toEqual(dispatch({ type: 'reply-started' }));
      }
      const sut = new Sut(sent);
      expect(sut.take({ type: 'sources', sources: [source] })).toEqual([
        dispatch({ type: 'reply-started' }),
        dispatch({ type: 'sources', sources: [source] }),
      ]);
      expect(sut.take({ type: 'tool-call', call })).toEqual([dispatch({ type: 'tool-call', call })]);
      expect(sut.take({ type: 'tool-result', call })).toEqual([dispatch({ type: 'tool-call', call })]);
      expect(sut.take({ type: 'token', text: ' inches.' })).toEqual([dispatch({ type: 'token', text: ' inches.' })]);
    });

    it('reconfigured: says so', () => {
      expect(new Sut(sent).take({ type: 'reconfigured', session })).toEqual([{ type: 'reconfigured' }]);
    });

    it('done: the saved reply ends the stream, the list is refreshed, and nothing is left to do at its end', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine inches.' });

      expect(sut.take({ type: 'done', message: answer })).toEqual([
        dispatch({ type: 'reply-ended', message: answer }),
        refresh,
      ]);
      expect(sut.finish(false)).toEqual([]);
    });

    it('stopped: what arrived, saved, ends the stream', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine' });

      expect(sut.take({ type: 'stopped', message: partial })).toEqual([
        dispatch({ type: 'reply-ended', message: partial }),
        refresh,
      ]);
      expect(sut.finish(false)).toEqual([]);
    });

    it('error: what arrived stays, the failure is reported, the draft stays sent', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine' });

      expect(sut.take({ type: 'error', code: 'RATE_LIMIT', message: 'Slow down.', partial })).toEqual([
        dispatch({ type: 'reply-ended', message: partial }),
        { type: 'report-failure', failure: { code: 'RATE_LIMIT', message: 'Slow down.' } },
      ]);
      expect(sut.finish(false)).toEqual([]);
    });
  });

  describe('a message taken back (withdrawn)', () => {
    const failure = { code: 'MESSAGE_TOO_LONG', message: 'Too long.' };

    it('is removed as shown, given back with its file, and a chat it created is forgotten', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'session', session, created: true });
      sut.take({ type: 'user-message', message: question });

      expect(sut.take({ ...tooLong, withdrawn: true })).toEqual([
        dispatch({ type: 'reply-ended', message: null }),
        dispatch({ type: 'withdrawn', key: 'm1' }),
        { type: 'give-back', draft: sent.draft, attachments: [pdf], failure },
        { type: 'remember-session', id: null },
        refresh,
        { type: 'report-failure', failure },
      ]);
    });

    it('keeps a chat that existed before the turn', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'session', session, created: false });
      sut.take({ type: 'user-message', message: question });

      expect(sut.take({ ...tooLong, withdrawn: true })).not.toContainEqual({ type: 'remember-session', id: null });
    });

    it('a new version (Regenerate, Edit message): the chat is shown as saved instead', () => {
      const sut = new Sut({ ...sent, revision: true });
      sut.take({ type: 'user-message', message: question });

      const effects = sut.take({ ...tooLong, withdrawn: true });

      expect(effects).toContainEqual({ type: 'show-saved' });
      expect(effects.filter((effect) => effect.type === 'dispatch')).toEqual([
        dispatch({ type: 'reply-ended', message: null }),
      ]);
    });

    it('Regenerate has nothing to give back', () => {
      const sut = new Sut({ revision: true });

      expect(sut.take({ ...tooLong, withdrawn: true }).map((effect) => effect.type)).toEqual([
        'dispatch',
        'show-saved',
        'refresh-sessions',
        'report-failure',
      ]);
    });
  });

  describe('a stream that fails or ends early', () => {
    const body = { statusCode: 409, code: 'CONFLICT', message: 'A reply is already running.' } as const;
    const refused = new ApiError(409, JSON.stringify(body), 'Conflict', body, null);

    it('refused before anything arrived: the message is taken back and given back, and the failure reported', () => {
      const failure = { code: 'CONFLICT', message: 'A reply is already running.', details: undefined };

      expect(new Sut(sent).fail(refused, false)).toEqual([
        dispatch({ type: 'withdrawn', key: 'pending-1' }),
        { type: 'give-back', draft: sent.draft, attachments: [pdf], failure },
        { type: 'report-failure', failure },
      ]);
    });

    it('a new version refused before anything arrived: the chat as saved first', () => {
      expect(new Sut({ ...sent, revision: true }).fail(refused, false)[0]).toEqual({ type: 'show-saved' });
    });

    it('broken mid-reply: follows the turn again', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine' });

      expect(sut.fail(new TypeError('network error'), false)).toEqual([resync]);
    });

    it('ended without its end event: follows the turn again if anything arrived, else goes idle', () => {
      const spoke = new Sut(sent);
      spoke.take({ type: 'user-message', message: question });

      expect(spoke.finish(false)).toEqual([resync]);
      expect(new Sut(sent).finish(false)).toEqual([idle]);
    });
  });

  describe('stop listening (detach, another chat opened)', () => {
    it('an aborted stream that fails asks for nothing', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine' });

      expect(sut.fail(new DOMException('aborted', 'AbortError'), true)).toEqual([]);
    });

    it('an aborted stream that ends goes idle, without following the turn again', () => {
      const sut = new Sut(sent);
      sut.take({ type: 'token', text: 'Nine' });

      expect(sut.finish(true)).toEqual([idle]);
    });
  });

  describe('a turn picked up again (re-attach, after a reload)', () => {
    it('the snapshot starts the reply with what it has so far; tokens add to it', () => {
      const sut = new Sut();

      expect(sut.take({ type: 'snapshot', text: 'Nine', sources: [source], toolCalls: [call] })).toEqual([
        dispatch({ type: 'reply-started', text: 'Nine', sources: [source], toolCalls: [call] }),
      ]);
      expect(sut.take({ type: 'token', text: ' inches.' })).toEqual([dispatch({ type: 'token', text: ' inches.' })]);
    });

    it('has no pending message: a user message is already shown', () => {
      expect(new Sut().take({ type: 'user-message', message: question })).toEqual([]);
    });

    it('no turn in progress (refused at once): goes idle, nothing to give back or report', () => {
      expect(new Sut().fail(new ApiError(404, '', 'Not Found', null, null), false)).toEqual([idle]);
    });

    it('a withdrawn error removes nothing shown and gives nothing back', () => {
      const sut = new Sut();
      sut.take({ type: 'snapshot', text: '', sources: [] });

      expect(sut.take({ ...tooLong, withdrawn: true }).map((effect) => effect.type)).toEqual([
        'dispatch',
        'refresh-sessions',
        'report-failure',
      ]);
    });
  });
});
