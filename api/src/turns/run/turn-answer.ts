import type { MessageUsage } from '@mb/contracts/types/wire/chat-message';
import {
  type ChatModel,
  type ModelRequest,
  type PreparedReply,
  promptTokens,
  type StreamedReply,
  tokensOf,
} from '../../llm';
import { answerWithTools, type GrantedTool, type ToolLoopResult } from '../../tools';
import type { ActiveTurn } from '../live/active-turns';
import type { Unattended } from './opened-turn';

/** The tool loop as one turn runs it: the tools its agent is granted, its step bound, a call's time limit. */
export interface TurnTools {
  tools: GrantedTool[];
  maxSteps: number;
  timeoutMs: number;
  unattended?: Unattended;
}

/**
 * What a turn answers each request the router prepares with: the model's reply streamed into the turn, through
 * the tool loop when the agent has tools. It keeps what the reply's ending reports: the request last tried (a
 * failure keeps its sources), the model call's retries, the tool calls.
 */
export class TurnAnswer {
  used: PreparedReply | undefined;
  retries = 0;
  toolUse: Omit<ToolLoopResult, 'reply'> = { records: [] };
  /** The tokens of every model call the reply made (tool steps too): as the service reported them, else our count. */
  spent: MessageUsage | undefined;

  constructor(
    private readonly turn: ActiveTurn,
    private readonly model: ChatModel,
    private readonly tools: TurnTools,
    private readonly apiKey?: string,
  ) {}

  /** Given to ReplyRouter.route, which calls it with each prepared request it tries. */
  readonly answer = async (prepared: PreparedReply): Promise<StreamedReply> => {
    this.used = prepared;
    const stream = (request: ModelRequest) => this.stream(request, prepared);
    if (!this.tools.tools.length) return stream(prepared.request);
    const { reply, ...use } = await answerWithTools({
      ...this.tools,
      request: prepared.request,
      turn: this.turn,
      stream,
    });
    this.toolUse = use;
    return reply;
  };

  /** One model call, its tokens into the turn; the prepared request's sources go first, with the reply's first token. */
  private async stream(request: ModelRequest, prepared: PreparedReply): Promise<StreamedReply> {
    const { turn } = this;
    const reply = await this.model.stream(request, {
      apiKey: this.apiKey,
      signal: turn.signal,
      onRetry: () => this.retries++,
      onToken: (text) => {
        if (!turn.text && prepared.sources.length) turn.emit({ type: 'sources', sources: prepared.sources });
        turn.emit({ type: 'token', text });
      },
    });
    this.count(request, reply);
    return reply;
  }

  private count(request: ModelRequest, reply: StreamedReply): void {
    const call = reply.usage
      ? { ...reply.usage, estimated: false }
      : {
          promptTokens: promptTokens(request.messages),
          completionTokens: tokensOf(reply.text + (reply.toolCalls ?? []).map((c) => c.name + c.arguments).join('')),
          estimated: true,
        };
    const before = this.spent;
    this.spent = before
      ? {
          promptTokens: before.promptTokens + call.promptTokens,
          completionTokens: before.completionTokens + call.completionTokens,
          estimated: before.estimated || call.estimated,
        }
      : call;
  }
}
