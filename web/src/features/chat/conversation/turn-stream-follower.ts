import type { ChatAttachment } from '../../../lib/api/attachments';
import type { ChatTurnEvent } from '../../../lib/api/turns';
import { toTurnFailure, type TurnFailure } from '../errors/turn-failure';
import type { ConversationAction } from './conversation-state';

/** What a turn sent from this page brings to its stream; a turn picked up again brings none of it. */
export type FollowOptions = {
  /** Key of the optimistic user message this stream answers. */
  pendingKey?: string;
  draft?: string;
  /** The message's attachments: a refused message gives them back to the composer with its text. */
  attachments?: ChatAttachment[];
  /** A new version of the last exchange (Regenerate, Edit message): refused, the chat is shown as saved again. */
  revision?: boolean;
};

/** What following a turn asks of the page. */
export type FollowEffect =
  | { type: 'dispatch'; action: ConversationAction }
  | { type: 'remember-session'; id: string | null }
  | { type: 'refresh-sessions' }
  /** The pasted configuration replaced the chat's persona: say so. */
  | { type: 'reconfigured' }
  /** Show the chat as saved (a new version was refused: its exchange as it was before). */
  | { type: 'show-saved' }
  /** Put what was typed and attached back in the composer, saying why it was not sent. */
  | { type: 'give-back'; draft?: string; attachments: ChatAttachment[]; failure: TurnFailure }
  | { type: 'report-failure'; failure: TurnFailure }
  /** The connection broke mid-reply: show what the server has, then follow the rest if it goes on. */
  | { type: 'resync' };

/** Nothing received yet; something received, no reply yet; the reply coming in; the turn's end received. */
type Phase = 'waiting' | 'open' | 'replying' | 'ended';

type Handlers = { [T in ChatTurnEvent['type']]: (event: Extract<ChatTurnEvent, { type: T }>) => FollowEffect[] };

const dispatch = (action: ConversationAction): FollowEffect => ({ type: 'dispatch', action });
const refresh: FollowEffect = { type: 'refresh-sessions' };

/**
 * Follows one turn's event stream: takes its events, its end or its failure, and answers with what the page
 * must do. A refused message goes back to the composer, so nothing typed or attached is lost.
 */
export class TurnStreamFollower {
  private phase: Phase = 'waiting';
  /** Key of the user message as shown: the pending one, then the saved one's id. */
  private shownKey: string | undefined;
  private createdSession = false;

  constructor(private readonly options: FollowOptions = {}) {
    this.shownKey = options.pendingKey;
  }

  /** One event of the stream: what it changes, at once. */
  take(event: ChatTurnEvent): FollowEffect[] {
    if (this.phase === 'waiting') this.phase = 'open';
    return (this.handlers[event.type] as (event: ChatTurnEvent) => FollowEffect[])(event);
  }

  /** The stream ended without saying how the turn did: follow it again if it said anything. */
  finish(aborted: boolean): FollowEffect[] {
    if (this.phase === 'ended') return [];
    return this.phase !== 'waiting' && !aborted ? [{ type: 'resync' }] : [dispatch({ type: 'idle' })];
  }

  /** The stream failed; stopped listening on purpose (aborted), nothing is to be done. */
  fail(error: unknown, aborted: boolean): FollowEffect[] {
    if (aborted) return [];
    const { pendingKey, revision } = this.options;
    if (this.phase !== 'waiting') return [{ type: 'resync' }];
    if (!pendingKey) return [dispatch({ type: 'idle' })];
    // Refused before anything was saved: take the message back so nothing typed is lost.
    const failure = toTurnFailure(error);
    return [
      revision ? { type: 'show-saved' } : dispatch({ type: 'withdrawn', key: pendingKey }),
      ...this.giveBack(failure),
      { type: 'report-failure', failure },
    ];
  }

  private readonly handlers: Handlers = {
    session: ({ session, created }) => {
      this.createdSession = created;
      return [{ type: 'remember-session', id: session.id }, ...(created ? [refresh] : [])];
    },
    // Again when the files were read anew for a smaller window: the message shows what the model reads now.
    'user-message': ({ message }) => {
      const { pendingKey } = this.options;
      if (!pendingKey) return [];
      const key = this.shownKey ?? pendingKey;
      this.shownKey = message.id;
      return [dispatch({ type: 'user-saved', key, message })];
    },
    snapshot: ({ text, sources, toolCalls }) => {
      this.phase = 'replying';
      return [dispatch({ type: 'reply-started', text, sources, toolCalls })];
    },
    sources: ({ sources }) => this.replying({ type: 'sources', sources }),
    token: ({ text }) => this.replying({ type: 'token', text }),
    'tool-call': ({ call }) => this.replying({ type: 'tool-call', call }),
    'tool-result': ({ call }) => this.replying({ type: 'tool-call', call }),
    reconfigured: () => [{ type: 'reconfigured' }],
    done: ({ message }) => this.end(message),
    stopped: ({ message }) => this.end(message),
    error: ({ code, message, partial, withdrawn }) => {
      this.phase = 'ended';
      const failure = { code, message };
      return [
        dispatch({ type: 'reply-ended', message: partial }),
        ...(withdrawn ? this.takeBack(failure) : []),
        { type: 'report-failure', failure },
      ];
    },
  };

  /** A part of the reply: the reply starts with the first one. */
  private replying(action: ConversationAction): FollowEffect[] {
    const starts = this.phase === 'waiting' || this.phase === 'open';
    if (starts) this.phase = 'replying';
    return [...(starts ? [dispatch({ type: 'reply-started' })] : []), dispatch(action)];
  }

  private end(message: Extract<ConversationAction, { type: 'reply-ended' }>['message']): FollowEffect[] {
    this.phase = 'ended';
    return [dispatch({ type: 'reply-ended', message }), refresh];
  }

  /** The server took the message back (the model could not read it): as if it had been refused at once. */
  private takeBack(failure: TurnFailure): FollowEffect[] {
    const shown = this.shownKey;
    return [
      ...(this.options.revision
        ? [{ type: 'show-saved' } as const]
        : shown
          ? [dispatch({ type: 'withdrawn', key: shown })]
          : []),
      ...this.giveBack(failure),
      ...(this.createdSession ? [{ type: 'remember-session', id: null } as const] : []),
      refresh,
    ];
  }

  /** Nothing typed or attached is lost: the refused message goes back to the composer, with why. */
  private giveBack(failure: TurnFailure): FollowEffect[] {
    const { draft, attachments = [] } = this.options;
    if (draft === undefined && attachments.length === 0) return [];
    return [{ type: 'give-back', draft, attachments, failure }];
  }
}
