import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { AttachmentSweeper } from '../../src/attachments';
import { encryptedPdf, pageTopic, REPORT_BLOCKS, docx, textPdf } from '../fixtures/files/make-documents';
import { readFileSync } from 'node:fs';
import {
  fixturePath,
  GPS_DATUM,
  randomBytes,
  scriptedSvg,
  sidewaysPhotoWithGps,
  truncatedJpeg,
} from '../fixtures/files/make-images';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

const PHOTOS_AND_DOCUMENTS = 'takes-photos-and-documents';
const NO_VISION = 'model-without-vision';
const ONE_SMALL_FILE = 'takes-one-small-file';
const DOCUMENTS_SMALL_WINDOW = 'takes-documents-only';

async function upload(
  env: ConversationApp,
  agentType: string,
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
) {
  const client = await env.sut.authorized();
  return client
    .post('/api/chat/attachments')
    .query({ agentType })
    .attach('file', bytes, { filename: name, contentType: type });
}

async function uploaded(env: ConversationApp, agentType: string, bytes: Buffer, name: string): Promise<ChatAttachment> {
  const res = await upload(env, agentType, bytes, name);
  expect(res.status).toBe(201);
  return res.body as ChatAttachment;
}

const attachmentRows = async (env: ConversationApp) =>
  Number((await env.sut.app.get(DataSource).query(`SELECT count(*) AS n FROM chat_attachments`))[0].n);

/** The user message of the newest streamed call, as the model got it. */
const lastUserParts = (env: ConversationApp) => {
  const body = env.openai.streamedRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
  return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
};

describe('Attachments: photos and documents reach the model, safely', () => {
  const env = conversationAppPerSuite();

  describe('a photo', () => {
    it('is kept upright, without any metadata, and served so that nothing in it can run', async () => {
      const photo = await sidewaysPhotoWithGps({ width: 120, height: 80 });
      expect(photo.includes(Buffer.from(GPS_DATUM))).toBe(true);
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, photo, 'crawlspace.jpg');
      expect(attachment).toMatchObject({
        kind: 'image',
        name: 'crawlspace.jpg',
        mediaType: 'image/jpeg',
        width: 80,
        height: 120,
      });

      const client = await env.sut.authorized();
      const file = await client.get(`/api/chat/attachments/${attachment.id}`).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="crawlspace.jpg"/);
      const stored = file.body as Buffer;
      expect(stored.includes(Buffer.from(GPS_DATUM))).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([80, 120]);

      const thumbnail = await client.get(`/api/chat/attachments/${attachment.id}/thumbnail`).buffer(true).expect(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');

      // Without access, nothing.
      await env.sut.anonymous().get(`/api/chat/attachments/${attachment.id}`).expect(401);
    });

    it('from an iPhone (HEIC) is converted to a JPEG without its GPS', async () => {
      const heic = readFileSync(fixturePath('photo.heic'));
      expect(heic.includes(Buffer.from(GPS_DATUM))).toBe(true);
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, heic, 'IMG_0042.HEIC');
      expect(attachment).toMatchObject({ kind: 'image', mediaType: 'image/jpeg', width: 96, height: 64 });
      const client = await env.sut.authorized();
      const stored = (await client.get(`/api/chat/attachments/${attachment.id}`).buffer(true).expect(200))
        .body as Buffer;
      expect(stored.includes(Buffer.from(GPS_DATUM))).toBe(false);
      expect((await sharp(stored).metadata()).format).toBe('jpeg');
    });

    it('goes to the model as a data URL with the question, and the chat shows it on the message after a reload', async () => {
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, await sidewaysPhotoWithGps(), 'rash.jpg');
      const events = await (
        await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: '', attachments: [attachment.id] })
      ).all();
      expect(events.at(-1)?.type).toBe('done');
      expect(only(events, 'user-message').message.attachments).toEqual([
        expect.objectContaining({ id: attachment.id }),
      ]);
      expect(only(events, 'session').session.title).toBe('rash.jpg');

      const parts = lastUserParts(env) as Array<{ type: string; image_url?: { url: string } }>;
      const image = parts.find((part) => part.type === 'image_url')!;
      expect(image.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
      const sent = Buffer.from(image.image_url!.url.split(',')[1], 'base64');
      expect(sent.includes(Buffer.from(GPS_DATUM))).toBe(false);

      const done = only(events, 'done').message;
      expect(done.provenance?.attachments).toEqual([
        expect.objectContaining({ id: attachment.id, kind: 'image', read: 'the whole image' }),
      ]);
      const sessionId = only(events, 'session').session.id;
      const client = await env.sut.authorized();
      const listed = (await client.get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body as ChatMessage[];
      expect(listed[0].attachments).toEqual([expect.objectContaining({ id: attachment.id, kind: 'image' })]);
    });

    it('stays in the next turns of the chat', async () => {
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, await sidewaysPhotoWithGps(), 'room.jpg');
      const first = await (
        await sendTurn(env.sut, {
          agentType: PHOTOS_AND_DOCUMENTS,
          content: 'What style is this room?',
          attachments: [attachment.id],
        })
      ).all();
      const sessionId = only(first, 'session').session.id;
      await (await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, sessionId, content: 'And the lamp?' })).all();
      const body = env.openai.streamedRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
      const earlier = body.messages.find((m) => Array.isArray(m.content)) as { content: Array<{ type: string }> };
      expect(earlier.content.map((part) => part.type)).toEqual(['text', 'image_url']);
    });

    it('is not offered to an agent whose model does not see images, which says why; documents still work', async () => {
      const client = await env.sut.authorized();
      const agent = (await client.get(`/api/agents/${NO_VISION}`).expect(200)).body;
      expect(agent.model.vision).toBe(false);
      const refused = await upload(env, NO_VISION, await sidewaysPhotoWithGps(), 'dog.jpg');
      expect(refused.status).toBe(415);
      expect(refused.body).toMatchObject({
        code: 'UNSUPPORTED_FILE',
        message: expect.stringContaining("can't see images"),
      });
      const document = await uploaded(
        env,
        NO_VISION,
        Buffer.from('Rex weighs 31 kg.\nHe eats twice a day.\n'),
        'notes.txt',
      );
      expect(document.kind).toBe('document');
    });
  });

  describe('bad input gets a clear answer and stores nothing', () => {
    it.each([
      ['an SVG with a script', 'drawing.svg', 415, 'UNSUPPORTED_FILE', () => scriptedSvg()],
      ['bytes that are no file we take', 'photo.jpg', 415, 'UNSUPPORTED_FILE', () => randomBytes()],
      ['text that is not the photo it claims to be', 'photo.jpg', 415, 'UNSUPPORTED_FILE', () => Buffer.from('a note')],
      ['a truncated photo', 'broken.jpg', 422, 'UNREADABLE_FILE', () => truncatedJpeg()],
      ['an encrypted PDF', 'locked.pdf', 422, 'UNREADABLE_FILE', () => encryptedPdf()],
    ] as const)('%s (%s) is refused with %i %s', async (_, name, status, code, make) => {
      const before = await attachmentRows(env);
      const res = await upload(env, PHOTOS_AND_DOCUMENTS, await make(), name);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).not.toMatch(/\/tmp|Error:|\bat \S+ \(/);
      expect(await attachmentRows(env)).toBe(before);
    });

    it('a file over the limit is refused with 413 while it streams', async () => {
      const before = await attachmentRows(env);
      const res = await upload(env, ONE_SMALL_FILE, randomBytes(300_000), 'big.jpg');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('59 KB') });
      expect(await attachmentRows(env)).toBe(before);
    });

    it('two files in one upload: 400, and neither is kept', async () => {
      const before = await attachmentRows(env);
      const client = await env.sut.authorized();
      const res = await client
        .post('/api/chat/attachments')
        .query({ agentType: PHOTOS_AND_DOCUMENTS })
        .attach('file', Buffer.from('first'), { filename: 'a.txt', contentType: 'text/plain' })
        .attach('file', Buffer.from('second'), { filename: 'b.txt', contentType: 'text/plain' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_FILES', message: 'Send one file per upload.' });
      expect(await attachmentRows(env)).toBe(before);
    });

    it('more files than the agent takes in one message: 400, and nothing is sent', async () => {
      const a = await uploaded(env, ONE_SMALL_FILE, Buffer.from('one'), 'a.txt');
      const b = await uploaded(env, ONE_SMALL_FILE, Buffer.from('two'), 'b.txt');
      const turn = await sendTurn(env.sut, {
        agentType: ONE_SMALL_FILE,
        content: 'Read these',
        attachments: [a.id, b.id],
      });
      expect(turn.status).toBe(400);
      expect(turn.error?.code).toBe('TOO_MANY_FILES');
    });

    it('an upload for another agent, an unknown agent, or one sent twice is refused', async () => {
      const elsewhere = await uploaded(env, NO_VISION, Buffer.from('notes'), 'n.txt');
      const wrong = await sendTurn(env.sut, {
        agentType: PHOTOS_AND_DOCUMENTS,
        content: 'x',
        attachments: [elsewhere.id],
      });
      expect(wrong.status).toBe(400);
      expect((await upload(env, 'no-such-agent', Buffer.from('x'), 'x.txt')).status).toBe(400);

      const once = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('once'), 'once.txt');
      expect(
        (
          await (
            await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: 'x', attachments: [once.id] })
          ).all()
        ).at(-1)?.type,
      ).toBe('done');
      const twice = await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: 'y', attachments: [once.id] });
      expect(twice.status).toBe(409);
    });
  });

  describe('documents', () => {
    it('a PDF too long for the window is read by the pages most relevant to the question, and the chat says which', async () => {
      const pdf = await textPdf(80, { charsPerPage: 1500 });
      const attachment = await uploaded(env, DOCUMENTS_SMALL_WINDOW, pdf, 'report.pdf');
      expect(attachment).toMatchObject({ kind: 'document', mediaType: 'application/pdf', pages: 80 });
      const question = `What does the report say about ${pageTopic(41)}?`;
      const events = await (
        await sendTurn(env.sut, { agentType: DOCUMENTS_SMALL_WINDOW, content: question, attachments: [attachment.id] })
      ).all();
      expect(events.at(-1)?.type).toBe('done');
      const read = only(events, 'user-message').message.attachments![0].read!;
      expect(read).toMatch(/^pages? .*of 80$/);
      expect(read).toContain('41');
      const call = env.openai.streamedRequests().at(-1)!;
      expect(call.promptTokens! + 500).toBeLessThanOrEqual(4096);
      expect(JSON.stringify(call.body)).toContain(pageTopic(41));
      expect(only(events, 'done').message.provenance?.attachments?.[0].read).toBe(read);
    });

    it('a DOCX becomes text with its sections named', async () => {
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, await docx(REPORT_BLOCKS), 'report.docx');
      await (
        await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: 'Summarize', attachments: [attachment.id] })
      ).all();
      const text = JSON.stringify(lastUserParts(env));
      expect(text).toContain('report.docx');
      expect(text).toMatch(/section/);
    });
  });

  describe('storage', () => {
    it('an upload not sent can be removed; a sent one stays with its message and goes with its chat', async () => {
      const client = await env.sut.authorized();
      const draft = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('draft'), 'draft.txt');
      await client.delete(`/api/chat/attachments/${draft.id}`).expect(204);
      await client.get(`/api/chat/attachments/${draft.id}`).expect(404);

      const sent = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('sent'), 'sent.txt');
      const events = await (
        await sendTurn(env.sut, { agentType: PHOTOS_AND_DOCUMENTS, content: 'x', attachments: [sent.id] })
      ).all();
      await client.delete(`/api/chat/attachments/${sent.id}`).expect(409);
      const file = await client.get(`/api/chat/attachments/${sent.id}`).expect(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="sent.txt"/);
      await client.delete(`/api/chat/sessions/${only(events, 'session').session.id}`).expect(204);
      await client.get(`/api/chat/attachments/${sent.id}`).expect(404);
    });

    it('uploads never sent are removed after a day', async () => {
      const old = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('old'), 'old.txt');
      const fresh = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('fresh'), 'fresh.txt');
      await env.sut.app
        .get(DataSource)
        .query(`UPDATE chat_attachments SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.id]);
      expect(await env.sut.app.get(AttachmentSweeper).sweep()).toBeGreaterThanOrEqual(1);
      const client = await env.sut.authorized();
      await client.get(`/api/chat/attachments/${old.id}`).expect(404);
      await client.get(`/api/chat/attachments/${fresh.id}`).expect(200);
    });

    it('a regenerated reply reads the same files', async () => {
      const attachment = await uploaded(env, PHOTOS_AND_DOCUMENTS, Buffer.from('Radon level 4 pCi/L.'), 'radon.txt');
      const events = await (
        await sendTurn(env.sut, {
          agentType: PHOTOS_AND_DOCUMENTS,
          content: 'Is this high?',
          attachments: [attachment.id],
        })
      ).all();
      const sessionId = only(events, 'session').session.id;
      const client = await env.sut.authorized();
      const url = await env.sut.url();
      const res = await fetch(`${url}/api/chat/sessions/${sessionId}/regenerate`, {
        method: 'POST',
        headers: { cookie: await env.sut.accessCookie() },
      });
      await res.text();
      expect(JSON.stringify(lastUserParts(env))).toContain('Radon level 4');
      const listed = (await client.get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body as ChatMessage[];
      expect(listed[0].attachments?.[0].id).toBe(attachment.id);
    });
  });
});
