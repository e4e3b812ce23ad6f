import { DataSource } from 'typeorm';
import { compressed, compressedJsonBody, pdfBomb, pngBomb, type Compression } from '../fixtures/files/make-bombs';
import { conversationAppPerSuite } from '../support/model-fakes';

const PHOTOS_AND_DOCUMENTS = 'takes-photos-and-documents';
const MB = 1024 * 1024;

/** Small files and bodies that unpack huge are refused with words a user can act on, and nothing is kept. */
describe('Bombs: what unpacks huge is refused before it is unpacked', () => {
  const env = conversationAppPerSuite();

  /** A body sent byte for byte with its Content-Encoding, as a client that compresses its requests sends it. */
  const postCompressed = async (path: string, encoding: Compression, body: Buffer) => {
    const res = await fetch(new URL(path, await env.sut.url()), {
      method: 'POST',
      headers: {
        cookie: await env.sut.accessCookie(),
        'content-type': 'application/json',
        'content-encoding': encoding,
      },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const rows = async (table: string) =>
    Number((await env.sut.app.get(DataSource).query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  describe('compressed request bodies', () => {
    it.each<Compression>(['gzip', 'deflate', 'br'])(
      'refuses a %s import body that unpacks past 16 MB, though the route takes 200 MB sent as it is',
      async (encoding) => {
        const body = await compressedJsonBody(64 * MB, encoding);
        expect(body.length).toBeLessThan(200_000);

        const res = await postCompressed('/api/chat/import', encoding, body);

        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({
          code: 'PAYLOAD_TOO_LARGE',
          message:
            'Request body unpacks to more than 16mb, the most a compressed (gzip, deflate or br) body may; send it uncompressed',
        });
        expect(await rows('chat_sessions')).toBe(0);
      },
    );

    it('reads a compressed body within the limit as the same body sent as it is', async () => {
      const json = JSON.stringify({ agentType: PHOTOS_AND_DOCUMENTS, title: 'Sent zipped' });

      const res = await postCompressed(
        '/api/chat/sessions',
        'gzip',
        await compressed(0, { compression: 'gzip', head: json }),
      );

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Sent zipped' });
    });
  });

  describe('uploads', () => {
    const upload = async (bytes: Buffer, name: string) =>
      (await env.sut.authorized())
        .post('/api/chat/attachments')
        .query({ agentType: PHOTOS_AND_DOCUMENTS })
        .attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });

    it('refuses a PDF whose page stream inflates to 400 MB, and keeps nothing', async () => {
      const before = await rows('chat_attachments');

      const res = await upload(await pdfBomb(), 'report.pdf');

      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'UNREADABLE_FILE',
        message: expect.stringMatching(/^This PDF holds a compressed part that unpacks to more than 64 MB/),
      });
      expect(await rows('chat_attachments')).toBe(before);
    });

    it('refuses an interlaced 16-bit PNG of 100 megapixels (within the pixel cap) as needing too much memory', async () => {
      const before = await rows('chat_attachments');

      const res = await upload(await pngBomb(), 'photo.png');

      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'UNREADABLE_FILE',
        message: expect.stringMatching(
          /^This PNG image needs too much memory to decode \(10000 × 10000 pixels, 16 bits/,
        ),
      });
      expect(await rows('chat_attachments')).toBe(before);
    });
  });
});
