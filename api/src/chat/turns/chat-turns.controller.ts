import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ChatTurnRequest } from '../../../../schemas/types/wire/chat-turn-request';
import type { StopTurnResponse } from '../../../../schemas/types/wire/stop-turn-response';
import { validBody } from '../../common/schema-body.pipe';
import { ModelKey } from '../../llm';
import { ChatService } from '../chat.service';
import { sessionIdPipe } from '../session-id.pipe';
import type { ActiveTurn } from './active-turns';
import { ChatTurns } from './chat-turns.service';
import { openEventStream, type EventStream } from './event-stream';

const ENDING_EVENTS = new Set(['done', 'stopped', 'error']);

/** The streaming conversation API used by the web chat (server-sent events). */
@Controller('chat')
export class ChatTurnsController {
  constructor(
    private readonly turns: ChatTurns,
    private readonly chat: ChatService,
  ) {}

  @Post('turns')
  async start(
    @Body(validBody('chat-turn-request')) body: ChatTurnRequest,
    @ModelKey() apiKey: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const started = await this.turns.start(body, apiKey);
    const stream = openEventStream(res);
    for (const event of started.opening) stream.send(event);
    if (!started.turn) return stream.end();
    this.follow(started.turn, stream, res, (turn, listener) => turn.subscribe(listener));
  }

  /** Re-attach after a reload: the reply so far, then the rest as it comes. 204 when no reply is in progress. */
  @Get('sessions/:id/turn')
  async resume(@Param('id', sessionIdPipe) id: string, @Res() res: Response): Promise<void> {
    await this.chat.getSession(id);
    const turn = this.turns.current(id);
    if (!turn) {
      res.status(204).end();
      return;
    }
    this.follow(turn, openEventStream(res), res, (active, listener) => active.attach(listener));
  }

  @Post('sessions/:id/turn/stop')
  @HttpCode(200)
  async stop(@Param('id', sessionIdPipe) id: string): Promise<StopTurnResponse> {
    await this.chat.getSession(id);
    return { stopped: this.turns.stop(id) };
  }

  private follow(
    turn: ActiveTurn,
    stream: EventStream,
    res: Response,
    listen: (turn: ActiveTurn, listener: Parameters<ActiveTurn['subscribe']>[0]) => () => void,
  ): void {
    const unsubscribe = listen(turn, (event) => {
      stream.send(event);
      if (ENDING_EVENTS.has(event.type)) stream.end();
    });
    // Leaving only stops the delivery; the reply goes on and is saved.
    res.on('close', unsubscribe);
  }
}
