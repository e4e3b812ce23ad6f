import type TestAgent from 'supertest/lib/agent';
import { schemas } from '../../src/common/json-schema';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ImportChatResponse } from '@mb/contracts/types/wire/import-chat-response';
import { startTestApp, type TestApp } from '../support/test-app';

/** Any fixture agent will do: the links are the point. */
const AGENT = 'completions-only';

const AT = '2026-01-10T09:00:00.000Z';

/** An export whose reply lists crafted sources beside real ones, as anyone editing the file can write them. */
const craftedExport = (): ChatExport => ({
  version: 1,
  exportedAt: AT,
  session: {
    title: 'Crafted sources',
    agentType: AGENT,
    systemPrompt: null,
    summary: null,
    summaryThrough: null,
    persona: null,
    createdAt: AT,
    updatedAt: AT,
  },
  messages: [
    {
      role: 'user',
      content: 'Where can I read about gutters?',
      order: 0,
      createdAt: AT,
      incomplete: false,
      sources: [],
    },
    {
      role: 'assistant',
      content: 'These pages.',
      order: 1,
      createdAt: AT,
      incomplete: false,
      sources: [
        { title: 'Gutter guide', link: 'https://example.com/gutters' },
        { title: 'Click me', link: 'javascript:fetch("/api/auth/revoke-access",{method:"POST"})' },
        { title: 'A page', link: 'data:text/html,<script>alert(document.cookie)</script>' },
        { title: 'Köln gutters', link: 'https://example.com/Köln' },
        { title: 'Inside the app', link: '/api/chat/sessions' },
      ],
    },
  ],
});

describe('Imported source links (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;

  beforeAll(async () => {
    sut = await startTestApp();
    client = await sut.authorized();
  });
  afterAll(() => sut.close());

  const importCrafted = async () =>
    (await client.post('/api/chat/import').send(craftedExport()).expect(201)).body as ImportChatResponse;

  it('imports the chat, leaving out each source whose link is not a web address, and names each in the answer', async () => {
    const imported = await importCrafted();

    expect(schemas.validate('wire/import-chat-response.schema.json', imported)).toMatchObject({ ok: true });
    expect(imported.title).toBe('Crafted sources');
    expect(imported.leftOut).toEqual([
      'messages.1.sources.1 ("Click me") was left out: its link "javascript:fetch(\\"/api/auth/revoke-access\\",' +
        '{method:\\"POST\\"})" is not a web address (http:// or https://).',
      'messages.1.sources.2 ("A page") was left out: its link "data:text/html,<script>alert(document.cookie)</script>" ' +
        'is not a web address (http:// or https://).',
      'messages.1.sources.4 ("Inside the app") was left out: its link "/api/chat/sessions" is not a web address ' +
        '(http:// or https://).',
    ]);
  });

  it('stores only web addresses, so every message it answers has links its schema allows', async () => {
    const { id } = await importCrafted();

    const messages = (await client.get(`/api/chat/sessions/${id}/messages`).expect(200)).body as ChatMessage[];

    expect(messages[1].sources).toEqual([
      { title: 'Gutter guide', link: 'https://example.com/gutters' },
      { title: 'Köln gutters', link: 'https://example.com/K%C3%B6ln' },
    ]);
    for (const message of messages) {
      expect(schemas.validate('wire/chat-message.schema.json', message)).toMatchObject({ ok: true });
    }
  });

  it('exports the imported chat with none of the left-out links, as JSON or Markdown', async () => {
    const { id } = await importCrafted();

    const json = await client.get(`/api/chat/sessions/${id}/export?format=json`).expect(200);
    const markdown = await client.get(`/api/chat/sessions/${id}/export?format=markdown`).expect(200);

    for (const text of [JSON.stringify(json.body), markdown.text]) {
      expect(text).not.toMatch(/javascript:|data:text|\/api\/chat\/sessions/);
    }
    expect(markdown.text).toContain('1. [Gutter guide](https://example.com/gutters)');
  });

  it('imports a chat whose sources are all web addresses with nothing left out', async () => {
    const document = craftedExport();
    document.messages[1].sources = [{ title: 'Gutter guide', link: 'https://example.com/gutters' }];

    const imported = (await client.post('/api/chat/import').send(document).expect(201)).body as ImportChatResponse;

    expect(imported.leftOut).toEqual([]);
  });
});
