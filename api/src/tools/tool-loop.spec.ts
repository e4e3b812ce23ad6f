import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ModelRequest, StreamedReply } from '../llm';
import type { GrantedTool } from './tool-catalog.service';
import { answerWithTools, type ToolLoopInput } from './tool-loop';

/** A confirm tool that counts its runs, and a model that calls it once, then answers with what it was told. */
function confirmLoop(unattended: ToolLoopInput['unattended']) {
  const runs: unknown[] = [];
  const tool: GrantedTool = {
    functionName: 'calculator',
    grant: 'calculator',
    policy: 'confirm',
    definition: {
      name: 'calculator',
      description: 'Adds.',
      parameters: { type: 'object' },
      run: (args) => {
        runs.push(args);
        return Promise.resolve('4');
      },
    },
  };
  const requests: ModelRequest[] = [];
  const events: ChatTurnEvent[] = [];
  const decisions: string[] = [];
  const input: ToolLoopInput = {
    request: { model: 'm', temperature: 0, maxTokens: 10, messages: [{ role: 'user', content: '2+2?' }] },
    tools: [tool],
    maxSteps: 3,
    timeoutMs: 1000,
    unattended,
    turn: {
      signal: new AbortController().signal,
      emit: (event) => events.push(event),
      decision: (callId) => {
        decisions.push(callId);
        return Promise.resolve(true);
      },
    },
    stream: (request): Promise<StreamedReply> => {
      requests.push(request);
      return Promise.resolve(
        requests.length === 1
          ? { text: '', toolCalls: [{ id: 'c1', name: 'calculator', arguments: '{"expression":"2+2"}' }] }
          : { text: 'Done.' },
      );
    },
  };
  return { input, runs, requests, events, decisions };
}

describe(answerWithTools.name, () => {
  it('asks the user before a confirm tool runs when someone watches the reply', async () => {
    const sut = confirmLoop(undefined);
    const result = await answerWithTools(sut.input);
    expect(sut.decisions).toEqual(['c1']);
    expect(sut.runs).toHaveLength(1);
    expect(result.records[0].status).toBe('done');
  });

  it('denies a confirm tool unattended, without asking, and tells the model that no one can allow it', async () => {
    const sut = confirmLoop({ runsConfirmTools: false });
    const result = await answerWithTools(sut.input);
    expect(sut.decisions).toEqual([]);
    expect(sut.runs).toEqual([]);
    expect(result.records[0].status).toBe('denied');
    const told = sut.requests[1].messages.at(-1)!;
    expect(told).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    expect(told.content).toMatch(/needs a person to allow each call.*through the API/);
    expect(result.reply.text).toBe('Done.');
  });

  it('runs a confirm tool unattended at once when the caller allows such tools', async () => {
    const sut = confirmLoop({ runsConfirmTools: true });
    const result = await answerWithTools(sut.input);
    expect(sut.decisions).toEqual([]);
    expect(sut.runs).toEqual([{ expression: '2+2' }]);
    expect(result.records[0].status).toBe('done');
    expect(sut.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', content: '4' });
  });
});
