import { request as httpRequest } from 'node:http';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { ChatExport, ChatExportAttachment } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { largeText, pageTopic, textPdf } from '../fixtures/files/make-documents';
import {
  GPS_DATUM,
  htmlPage,
  randomBytes,
  scriptedSvg,
  sidewaysPhotoWithGps,
  truncatedJpeg,
} from '../fixtures/files/make-images';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

const PHOTOS_AND_DOCUMENTS = 'takes-photos-and-documents';
/** Takes documents only, with a small window: an 80-page PDF is read in part. */
const DOCUMENTS_SMALL_WINDOW = 'takes-documents-only';
/** One file per message, of at most 60,000 bytes. */
const ONE_SMALL_FILE = 'takes-one-small-file';
const IMPORT_LIMIT_BYTES = 200 * 1024 * 1024;

async function uploaded(env: ConversationApp, agentType: string, bytes: Buffer, name: string): Promise<ChatAttachment> {
  const client = await env.sut.authorized();
  const res = await client
    .post('/api/chat/attachments')
    .query({ agentType })
    .attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });
  expect(res.status).toBe(201);
  return res.body as ChatAttachment;
}

/** A chat whose first message sends `files` with `question`; answers its id once the reply is done. */
async function chatWithFiles(env: ConversationApp, agentType: string, question: string, files: ChatAttachment[]) {
  const events = await (
    await sendTurn(env.sut, { agentType, content: question, attachments: files.map((file) => file.id) })
  ).all();
  expect(events.at(-1)?.type).toBe('done');
  return only(events, 'session').session.id;
}

const served = async (env: ConversationApp, id: string, which = '') => {
  const client = await env.sut.authorized();
  return client.get(`/api/chat/attachments/${id}${which}`).responseType('blob').expect(200);
};

const exportJson = async (env: ConversationApp, sessionId: string) =>
  (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/export?format=json`).expect(200))
    .body as ChatExport;

const importChat = async (env: ConversationApp, document: unknown) =>
  (await env.sut.authorized()).post('/api/chat/import').send(document as object);

const messagesOf = async (env: ConversationApp, sessionId: string) =>
  (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200))
    .body as ChatMessage[];

const rowCounts = async (env: ConversationApp) => {
  const [row] = await env.sut.app.get(DataSource).query(
    `SELECT (SELECT count(*) FROM chat_sessions)::int AS sessions, (SELECT count(*) FROM chat_messages)::int AS messages,
            (SELECT count(*) FROM chat_attachments)::int AS attachments,
            (SELECT count(*) FROM chat_attachment_parts)::int AS parts`,
  );
  return row as { sessions: number; messages: number; attachments: number; parts: number };
};

const partsText = async (env: ConversationApp, attachmentId: string) =>
  (
    await env.sut.app
      .get(DataSource)
      .query(`SELECT label, text FROM chat_attachment_parts WHERE attachment_id = $1 ORDER BY ordinal`, [attachmentId])
  ).map((part: { label: string; text: string }) => `${part.label}: ${part.text}`);

/** An attachment as a message lists it, but for its id (an import gives new ones). */
const withoutId = ({ id: _id, ...rest }: ChatAttachment) => rest;

/** A user message of `document` (after its others) sending this one file. */
const withFile = (document: ChatExport, file: ChatExportAttachment): ChatExport => ({
  ...document,
  messages: [
    ...document.messages,
    {
      role: 'user',
      content: 'And this one?',
      order: document.messages.length,
      createdAt: document.exportedAt,
      incomplete: false,
      sources: [],
      attachments: [file],
    },
  ],
});

/** The user message of the newest streamed call, as the model got it. */
const streamedMessages = (env: ConversationApp) =>
  (env.openai.streamedRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;

describe('Chat export and import carry attachments (e2e)', () => {
  const env = conversationAppPerSuite();

  let photo: ChatAttachment;
  let pdf: ChatAttachment;
  let pdfBytes: Buffer;
  let sessionId: string;
  let exported: ChatExport;

  beforeAll(async () => {
    pdfBytes = await textPdf(3);
    photo = await uploaded(
      env,
      PHOTOS_AND_DOCUMENTS,
      await sidewaysPhotoWithGps({ width: 120, height: 80 }),
      'crawlspace.jpg',
    );
    pdf = await uploaded(env, PHOTOS_AND_DOCUMENTS, pdfBytes, 'report.pdf');
    sessionId = await chatWithFiles(env, PHOTOS_AND_DOCUMENTS, 'Is the crawlspace damp?', [photo, pdf]);
    exported = await exportJson(env, sessionId);
  });

  describe('JSON export', () => {
    it("gives each user message its files in order: the bytes the server serves, what they are, how they were read, never a document's parts", async () => {
      const [question, reply] = exported.messages;
      expect(question.attachments).toEqual([
        {
          kind: 'image',
          name: 'crawlspace.jpg',
          mediaType: 'image/jpeg',
          data: (await served(env, photo.id)).body.toString('base64'),
          width: 80,
          height: 120,
          read: 'the whole image',
        },
        {
          kind: 'document',
          name: 'report.pdf',
          mediaType: 'application/pdf',
          data: (await served(env, pdf.id)).body.toString('base64'),
          pages: 3,
          read: 'the whole document',
        },
      ]);
      expect(Buffer.from(question.attachments![1].data, 'base64').equals(pdfBytes)).toBe(true);
      expect(reply.role).toBe('assistant');
      expect(reply).not.toHaveProperty('attachments');
    });

    it('of a chat without files is the format it always was: no attachments anywhere', async () => {
      const events = await (await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: 'Hello' })).all();
      const document = await exportJson(env, only(events, 'session').session.id);
      expect(JSON.stringify(document)).not.toContain('attachments');
    });
  });

  describe('import', () => {
    it('makes a new chat whose message lists the same files, served identically, documents read again to the same text', async () => {
      const before = await rowCounts(env);
      const res = await importChat(env, exported);
      expect(res.status).toBe(201);
      const imported = res.body as ChatSession;
      expect(imported.id).not.toBe(sessionId);

      const [original] = await messagesOf(env, sessionId);
      const [copy] = await messagesOf(env, imported.id);
      expect(copy.attachments!.map(withoutId)).toEqual(original.attachments!.map(withoutId));
      const [newPhoto, newPdf] = copy.attachments!;
      expect([newPhoto.id, newPdf.id]).not.toContain(photo.id);
      expect([newPhoto.id, newPdf.id]).not.toContain(pdf.id);

      const [photoBefore, photoAfter] = [await served(env, photo.id), await served(env, newPhoto.id)];
      expect(photoAfter.body.equals(photoBefore.body)).toBe(true);
      expect(photoAfter.headers['content-type']).toBe('image/jpeg');
      expect(photoAfter.headers['content-disposition']).toBe(photoBefore.headers['content-disposition']);
      expect((await served(env, newPhoto.id, '/thumbnail')).headers['content-type']).toBe('image/webp');
      expect((await served(env, newPdf.id)).body.equals(pdfBytes)).toBe(true);
      expect(await partsText(env, newPdf.id)).toEqual(await partsText(env, pdf.id));
      expect(await partsText(env, newPdf.id)).not.toEqual([]);

      // The files are the new chat's: two more, each linked to its message, none left unsent.
      const after = await rowCounts(env);
      expect(after.attachments - before.attachments).toBe(2);
      const owners = await env.sut.app
        .get(DataSource)
        .query(`SELECT DISTINCT session_id FROM chat_attachments WHERE id = ANY($1::uuid[])`, [
          [newPhoto.id, newPdf.id],
        ]);
      expect(owners).toEqual([{ session_id: imported.id }]);

      // Exported again, the copy is the same document: nothing was lost on the way.
      const again = await exportJson(env, imported.id);
      expect(again.messages).toEqual(exported.messages);
    });

    it('a turn in the imported chat shows the model the photo and the document', async () => {
      const imported = (await importChat(env, exported)).body as ChatSession;
      const events = await (
        await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, sessionId: imported.id, content: 'And the beams?' })
      ).all();
      expect(events.at(-1)?.type).toBe('done');
      const earlier = streamedMessages(env).find((m) => m.role === 'user' && Array.isArray(m.content)) as {
        content: Array<{ type: string; text?: string; image_url?: { url: string } }>;
      };
      const image = earlier.content.find((part) => part.type === 'image_url')!;
      expect(image.image_url!.url).toBe(`data:image/jpeg;base64,${exported.messages[0].attachments![0].data}`);
      expect(JSON.stringify(earlier.content)).toContain(pageTopic(2));
    });

    it('a document read in part keeps which parts were read: the next turn reads the same pages', async () => {
      const long = await uploaded(env, DOCUMENTS_SMALL_WINDOW, await textPdf(80, { charsPerPage: 1500 }), 'survey.pdf');
      const question = `What does the survey say about ${pageTopic(41)}?`;
      const original = await chatWithFiles(env, DOCUMENTS_SMALL_WINDOW, question, [long]);
      const document = await exportJson(env, original);
      const file = document.messages[0].attachments![0];
      expect(file.read).toMatch(/^pages? .*41.* of 80$/);
      expect(file.readParts?.length).toBeGreaterThan(0);

      const imported = (await importChat(env, document).then((res) => res.body)) as ChatSession;
      expect((await messagesOf(env, imported.id))[0].attachments![0].read).toBe(file.read);
      expect((await exportJson(env, imported.id)).messages[0].attachments![0]).toEqual(file);
      await (
        await sendTurn(env.sut, { agentType: DOCUMENTS_SMALL_WINDOW, sessionId: imported.id, content: 'Thanks' })
      ).all();
      expect(JSON.stringify(streamedMessages(env))).toContain(pageTopic(41));
    });

    it('processes each file as an upload: a photo with GPS is stored upright and bare, a text/html claim is served as text', async () => {
      const raw = await sidewaysPhotoWithGps({ width: 120, height: 80 });
      const notes = Buffer.from('The beams are dry.\nThe vents are blocked.\n');
      const document = withFile(exported, {
        kind: 'image',
        name: 'phone.jpg',
        mediaType: 'image/jpeg',
        data: raw.toString('base64'),
        width: 120,
        height: 80,
      });
      document.messages.at(-1)!.attachments!.push({
        kind: 'document',
        name: 'notes.html',
        mediaType: 'text/html',
        data: notes.toString('base64'),
      });
      const res = await importChat(env, document);
      expect(res.status).toBe(201);
      const [phone, text] = (await messagesOf(env, (res.body as ChatSession).id)).at(-1)!.attachments!;
      expect(phone).toMatchObject({ kind: 'image', mediaType: 'image/jpeg', width: 80, height: 120 });
      const stored = (await served(env, phone.id)).body as Buffer;
      expect(stored.includes(Buffer.from(GPS_DATUM))).toBe(false);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();

      expect(text).toMatchObject({ kind: 'document', mediaType: 'text/plain' });
      const file = await served(env, text.id);
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('takes a body past the usual 512 kB JSON limit', async () => {
      const big = largeText(12_000);
      expect(big.length * (4 / 3)).toBeGreaterThan(600 * 1024);
      const res = await importChat(
        env,
        withFile(exported, {
          kind: 'document',
          name: 'minutes.txt',
          mediaType: 'text/plain',
          data: big.toString('base64'),
        }),
      );
      expect(res.status).toBe(201);
    });

    describe('refuses a file it would refuse as an upload, naming its message and file, and stores nothing', () => {
      const claims = async (
        bytes: Buffer | Promise<Buffer>,
        name: string,
        mediaType: string,
      ): Promise<ChatExportAttachment> => ({
        kind: mediaType.startsWith('image/') ? 'image' : 'document',
        name,
        mediaType,
        data: (await bytes).toString('base64'),
      });

      it.each([
        ['an SVG with a script claiming image/png', () => claims(scriptedSvg(), 'chart.png', 'image/png'), 415],
        ['random bytes claiming image/png', () => claims(randomBytes(), 'photo.png', 'image/png'), 415],
        ['text claiming to be a PDF', () => claims(Buffer.from('a note'), 'report.pdf', 'application/pdf'), 415],
        ['an HTML page claiming text/html', () => claims(htmlPage(), 'page.html', 'text/html'), 415],
        ['a truncated photo', () => claims(truncatedJpeg(), 'broken.jpg', 'image/jpeg'), 422],
      ])('%s', async (_case, make, status) => {
        const file = await make();
        const before = await rowCounts(env);
        const res = await importChat(env, withFile(exported, file));
        expect(res.status).toBe(status);
        expect(res.body.code).toBe(status === 415 ? 'UNSUPPORTED_FILE' : 'UNREADABLE_FILE');
        expect(res.body.message).toContain(`messages.2.attachments.0 ("${file.name}")`);
        expect(res.body.message).not.toMatch(/\/tmp|Error:|\bat \S+ \(/);
        expect(await rowCounts(env)).toEqual(before);
      });

      it("a kind the chat's agent does not take", async () => {
        const before = await rowCounts(env);
        const res = await importChat(env, {
          ...exported,
          session: { ...exported.session, agentType: DOCUMENTS_SMALL_WINDOW },
        });
        expect(res.status).toBe(415);
        expect(res.body.message).toMatch(/^messages\.0\.attachments\.0 \("crawlspace\.jpg"\): .*photos/);
        expect(await rowCounts(env)).toEqual(before);
      });

      it("more files in a message than the chat's agent takes (400), or one over its size limit (413)", async () => {
        const before = await rowCounts(env);
        const session = { ...exported.session, agentType: ONE_SMALL_FILE };
        const crowded = await importChat(env, { ...exported, session });
        expect(crowded.status).toBe(400);
        expect(crowded.body).toMatchObject({
          code: 'TOO_MANY_FILES',
          message: expect.stringMatching(/^messages\.0: .* 1 file/),
        });
        const big = withFile(
          { ...exported, session, messages: [] },
          { kind: 'document', name: 'big.txt', mediaType: 'text/plain', data: largeText(2_000).toString('base64') },
        );
        const tooLarge = await importChat(env, big);
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.body).toMatchObject({
          code: 'FILE_TOO_LARGE',
          message: expect.stringMatching(/^messages\.0\.attachments\.0 \("big\.txt"\): .*59 KB/),
        });
        expect(await rowCounts(env)).toEqual(before);
      });

      it('files on a reply, or data that is not base64 (400)', async () => {
        const before = await rowCounts(env);
        const onReply = structuredClone(exported);
        onReply.messages[1].attachments = exported.messages[0].attachments;
        const notBase64 = withFile(exported, { ...exported.messages[0].attachments![0], data: '<svg onload=x>' });
        for (const document of [onReply, notBase64]) {
          const res = await importChat(env, document);
          expect(res.status).toBe(400);
          expect(res.body.details.join('\n')).toMatch(/messages\.(1\.attachments|2\.attachments\.0\.data)/);
        }
        expect(await rowCounts(env)).toEqual(before);
      });

      it('a body over 200 MB (413, before any file is processed)', async () => {
        const before = await rowCounts(env);
        const res = await postOversize(env, IMPORT_LIMIT_BYTES + 1);
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'PAYLOAD_TOO_LARGE',
          message: expect.stringContaining('200mb'),
        });
        expect(await rowCounts(env)).toEqual(before);
      });
    });

    it('brings back an export made before attachments existed', async () => {
      const old: ChatExport = {
        version: 1,
        exportedAt: '2025-06-01T10:00:00.000Z',
        session: { ...exported.session, title: 'From before files' },
        messages: exported.messages.map(({ attachments: _files, ...message }) => message),
      };
      const res = await importChat(env, old);
      expect(res.status).toBe(201);
      const messages = await messagesOf(env, (res.body as ChatSession).id);
      expect(messages.map((m) => m.content)).toEqual(exported.messages.map((m) => m.content));
      expect(messages.some((m) => m.attachments)).toBe(false);
    });
  });

  describe('Markdown export', () => {
    it('names each file under its message, with what it is and what was read, and links to nothing', async () => {
      const client = await env.sut.authorized();
      const text = (await client.get(`/api/chat/sessions/${sessionId}/export?format=markdown`).expect(200)).text;
      expect(text).toContain(
        '**You**\n\nIs the crawlspace damp?\n\n' +
          'Attached: crawlspace.jpg (photo, 80 × 120)\n\n' +
          'Attached: report.pdf (PDF, 3 pages; read: the whole document)\n',
      );
      expect(text).not.toMatch(/\/api\/|data:|\]\(|base64/);
      expect(text).not.toContain(exported.messages[0].attachments![0].data.slice(0, 40));
    });

    it('says which pages of a long document were read; a name cannot become markup or a link', async () => {
      const long = await uploaded(env, DOCUMENTS_SMALL_WINDOW, await textPdf(80, { charsPerPage: 1500 }), 'report.pdf');
      const odd = await uploaded(
        env,
        DOCUMENTS_SMALL_WINDOW,
        Buffer.from('Notes.'),
        '[x](javascript:y) *www.evil.test*',
      );
      const id = await chatWithFiles(env, DOCUMENTS_SMALL_WINDOW, `About ${pageTopic(41)}?`, [long, odd]);
      const client = await env.sut.authorized();
      const text = (await client.get(`/api/chat/sessions/${id}/export?format=markdown`).expect(200)).text;
      expect(text).toMatch(/Attached: report\.pdf \(PDF, 80 pages; read: pages? [^)]*41[^)]* of 80\)\n/);
      expect(text).toContain('Attached: \\[x\\](javascript:y) \\*www\\.evil.test\\* (text');
    });
  });
});

/** POSTs `bytes` of JSON-looking body to the import, streamed, as a client that ignores the limit would. */
function postOversize(env: ConversationApp, bytes: number): Promise<{ status: number; body: string }> {
  return (async () => {
    const url = new URL('/api/chat/import', await env.sut.url());
    const cookie = await env.sut.accessCookie();
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'content-length': bytes } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let left = bytes;
      const write = () => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!req.write(piece)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
  })();
}
