import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from '../support/eventually';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { newDataDir } from '../support/data-dirs';
import { closing, CRLF, filePart, rawRequest, type RawRequest } from '../support/raw-http';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';

const ACCESS_CODE = 'cut-off-upload-code';
const AGENT = 'takes-photos-and-documents';
const UPLOAD = `/api/chat/attachments?agentType=${AGENT}`;
const B = 'cutOffBoundary';
const FORM = `multipart/form-data; boundary=${B}`;
const NOTE = filePart(B, 'file', 'notes.txt', 'Clean the gutters twice a year.');

const disposition = (rest: string) => `--${B}${CRLF}Content-Disposition: form-data; ${rest}${CRLF}`;
const utf16Name = (text: string) =>
  Array.from(Buffer.from(text, 'utf16le'))
    .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');

/** Malformed multipart shapes, each with the one answer it gets: always a 4xx, never a 5xx or a dead server. */
const MALFORMED: Array<[string, number, Partial<RawRequest> & { body: string }]> = [
  ['no boundary in the type', 400, { headers: { 'Content-Type': 'multipart/form-data' }, body: NOTE + closing(B) }],
  [
    'an empty boundary',
    400,
    { headers: { 'Content-Type': 'multipart/form-data; boundary=' }, body: NOTE + closing(B) },
  ],
  ['a charset and no boundary', 400, { headers: { 'Content-Type': 'multipart/form-data; charset=utf-8' }, body: NOTE }],
  [
    'an unclosed quote around the boundary',
    400,
    { headers: { 'Content-Type': `multipart/form-data; boundary="${B}` }, body: NOTE + closing(B) },
  ],
  [
    'a boundary the body never uses',
    400,
    { headers: { 'Content-Type': 'multipart/form-data; boundary=other' }, body: NOTE + closing(B) },
  ],
  [
    'multipart/mixed instead of form-data',
    415,
    { headers: { 'Content-Type': `multipart/mixed; boundary=${B}` }, body: NOTE + closing(B) },
  ],
  ['an empty body', 400, { body: '' }],
  ['a preamble and nothing else', 400, { body: 'hello there' }],
  ['only the closing boundary', 400, { body: `--${B}--${CRLF}` }],
  ['the last part never closed', 400, { body: NOTE }],
  ['the file cut inside the closing boundary', 400, { body: `${NOTE}${CRLF}--${B}-` }],
  ['the file cut inside a boundary', 400, { body: `${NOTE}${CRLF}--${B.slice(0, 5)}` }],
  ['cut inside the part headers', 400, { body: `--${B}${CRLF}Content-Disposition: form-da` }],
  ['part headers with no blank line after them', 400, { body: disposition('name="file"; filename="a.txt"') }],
  ['a header line without a colon', 400, { body: `--${B}${CRLF}not a header${CRLF}${CRLF}bytes${closing(B)}` }],
  [
    'an unterminated quoted file name',
    400,
    { body: `${disposition('name="file"; filename="a.txt')}${CRLF}bytes${closing(B)}` },
  ],
  ['a part without a name', 400, { body: `${disposition('filename="a.txt"')}${CRLF}bytes${closing(B)}` }],
  [
    'a part without Content-Disposition',
    400,
    { body: `--${B}${CRLF}Content-Type: text/plain${CRLF}${CRLF}bytes${closing(B)}` },
  ],
  ['a field named file without a file name', 400, { body: `${disposition('name="file"')}${CRLF}bytes${closing(B)}` }],
  ['the file in another field', 400, { body: filePart(B, 'upload', 'a.txt', 'bytes') + closing(B) }],
  ['two files', 400, { body: `${NOTE}${CRLF}${filePart(B, 'file', 'b.txt', 'more')}${closing(B)}` }],
  ['two files, the second cut off', 400, { body: `${NOTE}${CRLF}${filePart(B, 'file', 'b.txt', 'mo')}` }],
  ['a second part cut off after the file', 400, { body: `${NOTE}${CRLF}${disposition('name="note"')}${CRLF}hello` }],
  [
    'more parts than an upload has, before the file',
    400,
    {
      body:
        Array.from({ length: 6 }, (_, i) => `${disposition(`name="f${i}"`)}${CRLF}v`).join(CRLF) +
        CRLF +
        NOTE +
        closing(B),
    },
  ],
  [
    'a field far larger than an upload needs, cut off',
    400,
    { body: `${disposition('name="note"')}${CRLF}${'n'.repeat(4096)}` },
  ],
  ['an empty file', 422, { body: filePart(B, 'file', 'empty.txt', '') + closing(B) }],
  ['LF line ends instead of CRLF', 400, { body: (NOTE + closing(B)).replaceAll(CRLF, '\n') }],
  [
    'a NUL in the part headers, cut off',
    400,
    { body: `${disposition('name="file"; filename="a\u0000.txt"')}${CRLF}x` },
  ],
  [
    'a nested multipart/mixed part, cut off',
    400,
    {
      body: filePart(
        B,
        'file',
        'a.txt',
        `--inner${CRLF}Content-Type: text/plain${CRLF}${CRLF}x`,
        'multipart/mixed; boundary=inner',
      ),
    },
  ],
  [
    'half a character in a UTF-16 file name, cut off',
    400,
    {
      body: `${disposition(`name="file"; filename*=utf-16le''${utf16Name('a\ud83d.txt')}`)}${CRLF}x`,
    },
  ],
  [
    'a chunked body cut after the part headers',
    400,
    {
      headers: { 'Transfer-Encoding': 'chunked' },
      body: `${(disposition('name="file"; filename="a.txt"') + CRLF).length.toString(16)}${CRLF}${disposition('name="file"; filename="a.txt"')}${CRLF}${CRLF}0${CRLF}${CRLF}`,
    },
  ],
  [
    'a chunked body with a broken chunk size',
    400,
    { headers: { 'Transfer-Encoding': 'chunked' }, body: `zz${CRLF}${NOTE}${CRLF}0${CRLF}${CRLF}` },
  ],
];

/**
 * Uploads cut off or malformed, against the built server as production runs it (its own process): each is a
 * clear 4xx, the process lives on, and nothing is left of them (no temporary file, no open file, no row).
 */
describe('An upload cut off or malformed (the built server)', () => {
  let temp: string;
  let dataDir: string;
  let database: IsolatedDatabase;
  let server: ServerProcess;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
    // The server's own temporary folder, so its uploads folder is the only one there.
    temp = mkdtempSync(join(tmpdir(), 'mb-cutoff-tmp-'));
    dataDir = newDataDir('mb-cutoff-');
    database = await createIsolatedDatabase();
    port = await freePort();
    server = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AGENTS_DIR: fixtureAgentsDir,
      ACCESS_CODE,
      TMPDIR: temp,
    });
    await waitForOutput(server, /Open http:\/\//);
    const granted = await fetch(`http://127.0.0.1:${port}/api/auth/grant-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passcode: ACCESS_CODE }),
    });
    cookie = granted.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  });

  const upload = (body: string, extra: Partial<RawRequest> = {}) => {
    const chunked = extra.headers?.['Transfer-Encoding'] !== undefined;
    const length: Record<string, string> = chunked ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    return rawRequest(port, {
      path: UPLOAD,
      ...extra,
      headers: { Cookie: cookie, 'Content-Type': FORM, ...length, ...extra.headers },
      body,
    });
  };

  const uploadsFolder = () => {
    const [folder] = readdirSync(temp).filter((name) => name.startsWith('mb-uploads-'));
    return join(temp, folder);
  };
  const filesLeft = () => readdirSync(uploadsFolder());
  /** Descriptors the server holds on files of its uploads folder (a deleted file's still counts). */
  const openUploads = () =>
    readdirSync(`/proc/${server.child.pid}/fd`).filter((fd) => {
      try {
        return readlinkSync(`/proc/${server.child.pid}/fd/${fd}`).includes('mb-uploads-');
      } catch {
        return false; // closed while listed
      }
    });
  const attachmentRows = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return Number((await client.query('SELECT count(*) AS n FROM chat_attachments')).rows[0].n);
    } finally {
      await client.end();
    }
  };
  const stillServing = async () => {
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  };
  const nothingLeft = async () => {
    await eventually(() => filesLeft().length === 0 && openUploads().length === 0, 'no upload file left, none open');
    expect(await attachmentRows()).toBe(0);
  };

  it('a last part never closed (the request ends without the closing boundary) is a 400, and the server answers the next request', async () => {
    const answer = await upload(NOTE);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The upload was cut off or malformed before the file ended. Try again.',
    });
    await stillServing();
    await nothingLeft();
    const whole = await upload(NOTE + closing(B));
    expect(whole.status).toBe(201);
    expect(JSON.parse(whole.body)).toMatchObject({ kind: 'document', name: 'notes.txt' });
  });

  it.each([
    ['resets the connection', 'reset'],
    ['stops sending (half-close)', 'half-close'],
  ] as const)('a client that %s in the middle of the file leaves nothing behind', async (_, leave) => {
    const rows = await attachmentRows();
    const partial = filePart(B, 'file', 'photo.jpg', 'x'.repeat(64 * 1024));
    await rawRequest(port, {
      path: UPLOAD,
      headers: { Cookie: cookie, 'Content-Type': FORM, 'Content-Length': String(1024 * 1024) },
      body: partial,
      leave,
      // The server is writing the file when the client leaves.
      beforeLeaving: () => eventually(() => filesLeft().length === 1, 'the upload being written'),
    });
    await stillServing();
    await eventually(() => filesLeft().length === 0 && openUploads().length === 0, 'no upload file left, none open');
    expect(await attachmentRows()).toBe(rows);
  });

  it(`answers each of ${MALFORMED.length} malformed shapes with its 4xx, stays up, and keeps nothing of them`, async () => {
    const rows = await attachmentRows();
    const answers: Array<[string, number | undefined]> = [];
    for (const [shape, , request] of MALFORMED) {
      const answer = await upload(request.body, request);
      answers.push([shape, answer.status]);
      // Node's own parser answers a broken chunk size with an empty 400; everything else is ours, worded.
      if (answer.body) expect(JSON.parse(answer.body).message).toMatch(/^[A-Z][^\n]{10,}$/);
      expect(server.child.exitCode).toBeNull();
    }
    expect(answers).toEqual(MALFORMED.map(([shape, status]) => [shape, status]));
    await stillServing();
    await eventually(() => filesLeft().length === 0 && openUploads().length === 0, 'no upload file left, none open');
    expect(await attachmentRows()).toBe(rows);
  });

  it("keeps a file's name as the user had it: UTF-8 as browsers send it, half a character as U+FFFD, at most 255 characters", async () => {
    const named = async (filenameParam: string) => {
      const answer = await upload(`${disposition(`name="file"; ${filenameParam}`)}${CRLF}Gutters.${closing(B)}`);
      expect(answer.status).toBe(201);
      return (JSON.parse(answer.body) as { name: string }).name;
    };
    expect(await named('filename="Rechnung März 🏠.txt"')).toBe('Rechnung März 🏠.txt');
    expect(await named(`filename*=utf-16le''${utf16Name('a\ud83d.txt')}`)).toBe('a\ufffd.txt');
    // 254 letters and an emoji: cut after 255 characters, not inside the emoji.
    expect(await named(`filename="${'a'.repeat(254)}🏠🏠.txt"`)).toBe(`${'a'.repeat(254)}🏠`);
  });
});
