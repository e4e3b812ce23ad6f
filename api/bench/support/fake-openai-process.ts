import { FakeOpenAI, streamedCalls, type FakeOpenAIOptions } from '../../test/fakes/fake-openai';
import { performanceToMonotonic } from './bench-kit';
import type { FakeCommand, FakeMessage, UpstreamCall } from './remote-fake-openai';

/** Child process entry of RemoteFakeOpenAI: one FakeOpenAI on loopback, driven over the IPC channel. */

interface ChatBody {
  stream?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
}

const lastUserContent = (body: ChatBody): string => {
  const content = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content;
  return typeof content === 'string' ? content : '';
};

async function main(): Promise<void> {
  const options = JSON.parse(process.env.FAKE_OPENAI_OPTIONS ?? '{}') as FakeOpenAIOptions;
  const fake = await FakeOpenAI.start(options);
  const toMonotonic = performanceToMonotonic();
  const send = (message: FakeMessage) => process.send!(message);

  const run = async (command: FakeCommand): Promise<unknown> => {
    switch (command.op) {
      case 'script-streamed':
        fake.script(...Array.from({ length: command.count }, () => ({ text: command.text, match: streamedCalls })));
        return null;
      case 'reset':
        fake.reset();
        return null;
      case 'latency':
        fake.setOptions({ latencyMs: command.ms });
        return null;
      case 'idle':
        await fake.idle(30_000);
        return null;
      case 'counts':
        return {
          streamed: fake.streamedRequests().length,
          plain: fake.plainRequests().length,
          connections: fake.acceptedConnections,
        };
      case 'calls':
        return fake.completionRequests().map((request): UpstreamCall => {
          const body = (request.body ?? {}) as ChatBody;
          return {
            streamed: body.stream === true,
            userContent: lastUserContent(body),
            body,
            receivedAt: request.receivedAt + toMonotonic,
            tokensSentAt: (request.tokensSentAt ?? []).map((at) => at + toMonotonic),
          };
        });
    }
  };

  process.on('message', (message: { id: number; command: FakeCommand }) => {
    run(message.command).then(
      (result) => send({ kind: 'answer', id: message.id, result }),
      (error: Error) => send({ kind: 'answer', id: message.id, error: error.message }),
    );
  });
  // Never outlive the bench, however it ends.
  process.on('disconnect', () => void fake.close().finally(() => process.exit(0)));
  process.on('SIGTERM', () => void fake.close().finally(() => process.exit(0)));
  send({ kind: 'ready', baseUrl: fake.baseUrl });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
