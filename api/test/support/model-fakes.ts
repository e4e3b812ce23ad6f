import { FakeOpenAI, type FakeOpenAIOptions } from '../fakes/fake-openai';
import { FakeSerper } from '../fakes/fake-serper';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

export const SERVER_KEY = 'sk-server-key-0123456789abcdefghijklmnop';

export interface ConversationApp {
  sut: TestApp;
  openai: FakeOpenAI;
  serper: FakeSerper;
  close(): Promise<void>;
}

export interface ConversationAppOptions extends TestAppOptions {
  /** Give the server its own OpenAI key (default true). */
  serverKey?: boolean;
  /** Give the server a Serper key (default true). */
  searchKey?: boolean;
  openai?: FakeOpenAIOptions;
}

/** The app wired to a loopback OpenAI-compatible fake and a Serper fake. */
export async function startConversationApp(options: ConversationAppOptions = {}): Promise<ConversationApp> {
  const openai = await FakeOpenAI.start({ acceptedKeys: [SERVER_KEY], ...options.openai });
  const serper = await FakeSerper.start();
  const sut = await startTestApp({
    ...options,
    env: {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: options.serverKey === false ? undefined : SERVER_KEY,
      SERPER_BASE_URL: serper.baseUrl,
      SERPER_API_KEY: options.searchKey === false ? undefined : serper.apiKey,
      OPENAI_TIMEOUT_MS: '2000',
      ...options.env,
    },
  });
  return {
    sut,
    openai,
    serper,
    async close() {
      await sut.close();
      await openai.close();
      await serper.close();
    },
  };
}

/**
 * One app for a describe block, started before its tests and closed after them. Before each test
 * the app's background calls (summaries) settle and the fakes are reset.
 */
export function conversationAppPerSuite(options: ConversationAppOptions = {}): ConversationApp {
  let current: ConversationApp | undefined;
  const started = () => {
    if (!current) throw new Error('the suite app starts in beforeAll');
    return current;
  };
  beforeAll(async () => {
    current = await startConversationApp(options);
  });
  afterAll(() => current?.close());
  beforeEach(async () => {
    await started().openai.idle();
    started().openai.reset();
    started().serper.reset();
  });
  return {
    get sut() {
      return started().sut;
    },
    get openai() {
      return started().openai;
    },
    get serper() {
      return started().serper;
    },
    close: () => started().close(),
  };
}
