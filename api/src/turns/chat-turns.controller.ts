import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import type { StopTurnResponse } from '@mb/contracts/types/wire/stop-turn-response';
import type { ToolDecisionRequest } from '@mb/contracts/types/wire/tool-decision-request';
import type { ToolDecisionResponse } from '@mb/contracts/types/wire/tool-decision-response';
import { CurrentViewer, type Viewer } from '../access';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import { ModelKey } from '../llm';
import { ChatSessions, sessionIdPipe } from '../sessions';
import type { ActiveTurn } from './live/active-turns';
import { ChatTurns, type StartedTurn } from './chat-turns.service';
import { openEventStream, type EventStream } from './live/event-stream';

const ENDING_EVENTS = new Set(['done', 'stopped', 'error']);

/** The streaming conversation API used by the web chat (server-sent events). */
@Controller('chat')
export class ChatTurnsController {
  constructor(
    private readonly turns: ChatTurns,
    private readonly chat: ChatSessions,
  ) {}

  @Post('turns')
  @Answers({
    summary: 'Send a message and stream the reply',
    description:
      'The session is created on the first message. Refusals before anything is stored are error answers; ' +
      'a failure once the stream has started is its `error` event (the reply so far is kept, marked incomplete).',
    events: 'wire/chat-turn-event',
    errors: ['NO_API_KEY', 'MESSAGE_TOO_LONG', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
  })
  async start(
    @Body(validBody('chat-turn-request')) body: ChatTurnRequest,
    @ModelKey() apiKey: string | undefined,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
  ): Promise<void> {
    this.stream(await this.turns.start(body, viewer, apiKey), res);
  }

  @Post('sessions/:id/regenerate')
  @Answers({
    summary: "Regenerate: ask the chat's last message again and stream the new reply",
    description:
      'The reply it had is kept as a version of the exchange (see PUT /api/chat/sessions/:id/version); the new ' +
      'one is version n + 1, chosen, and streams like any turn (stop, re-attach, errors). 409 when a reply is ' +
      'being written or the chat does not end with a reply.',
    events: 'wire/chat-turn-event',
    errors: ['NO_API_KEY', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
  })
  async regenerate(
    @Param('id', sessionIdPipe) id: string,
    @ModelKey() apiKey: string | undefined,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
  ): Promise<void> {
    this.stream(await this.turns.regenerate(id, viewer, apiKey), res);
  }

  /** A started turn on the wire: its opening events, then its reply as it comes (nothing more for a reconfiguration). */
  private stream(started: StartedTurn, res: Response): void {
    const stream = openEventStream(res);
    for (const event of started.opening) stream.send(event);
    if (!started.turn) return stream.end();
    this.follow(started.turn, stream, res);
  }

  /** Re-attach after a reload: the reply so far, then the rest as it comes. 204 when no reply is in progress. */
  @Get('sessions/:id/turn')
  @Answers({
    summary: 'Re-attach to the reply in progress in a session (after a reload)',
    events: 'wire/chat-turn-event',
    noContent: 'No reply is in progress in this session.',
    errors: ['NOT_FOUND'],
  })
  async resume(@Param('id', sessionIdPipe) id: string, @Res() res: Response): Promise<void> {
    await this.chat.getSession(id);
    let stream: EventStream | undefined;
    const left = new AbortController();
    res.on('close', () => left.abort());
    const detach = await this.turns.attach(id, {
      event(event) {
        stream ??= openEventStream(res);
        stream.send(event);
        if (ENDING_EVENTS.has(event.type)) stream.end();
      },
      lost: () => (stream ??= openEventStream(res)).end(),
    });
    if (!detach) {
      res.status(204).end();
      return;
    }
    stream ??= openEventStream(res);
    // Leaving only stops the delivery; the reply goes on and is saved.
    if (left.signal.aborted) detach();
    else left.signal.addEventListener('abort', detach);
  }

  @Post('sessions/:id/turn/stop')
  @HttpCode(200)
  @Answers({
    summary: 'Stop the reply in progress; what arrived is saved, marked incomplete',
    json: 'wire/stop-turn-response',
    errors: ['NOT_FOUND'],
  })
  async stop(@Param('id', sessionIdPipe) id: string): Promise<StopTurnResponse> {
    await this.chat.getSession(id);
    return { stopped: await this.turns.stop(id) };
  }

  @Post('sessions/:id/turn/tool-calls/:callId')
  @HttpCode(200)
  @Answers({
    summary: "Allow or deny a tool call that waits for the user's confirmation",
    description:
      'A tool granted with the policy "confirm" waits, in the reply\'s stream, as a tool-call event with status ' +
      '"awaiting-confirmation". Allowed, it runs; denied, the model is told. `accepted` is false when no such call ' +
      'waits in this chat (it was decided already, or the reply ended).',
    json: 'wire/tool-decision-response',
    errors: ['NOT_FOUND'],
  })
  async decide(
    @Param('id', sessionIdPipe) id: string,
    @Param('callId') callId: string,
    @Body(validBody('tool-decision-request')) body: ToolDecisionRequest,
  ): Promise<ToolDecisionResponse> {
    await this.chat.getSession(id);
    return { accepted: await this.turns.decide(id, callId, body.allow) };
  }

  private follow(turn: ActiveTurn, stream: EventStream, res: Response): void {
    const unsubscribe = turn.subscribe((event) => {
      stream.send(event);
      if (ENDING_EVENTS.has(event.type)) stream.end();
    });
    // Leaving only stops the delivery; the reply goes on and is saved.
    res.on('close', unsubscribe);
  }
}
