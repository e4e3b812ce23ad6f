import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { SITE_SECURITY, securityHeaders } from './security-headers';

const PER_ANSWER = new Set([
  'date',
  'etag',
  'content-length',
  'content-type',
  'connection',
  'keep-alive',
  'x-powered-by',
]);

async function headersOf(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => res.send('ok'));
  const res = await request(app).get('/').expect(200);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.has(name)));
}

describe('securityHeaders', () => {
  it("sets exactly the headers helmet sets with the site's options", async () => {
    const ours = await headersOf(securityHeaders());
    expect(ours).toEqual(await headersOf(helmet(SITE_SECURITY)));
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(Object.keys(ours).length).toBeGreaterThan(10);
  });

  it('follows other options as helmet does', async () => {
    const options = { frameguard: { action: 'deny' as const }, contentSecurityPolicy: false };
    const ours = await headersOf(securityHeaders(options));
    expect(ours).toEqual(await headersOf(helmet(options)));
    expect(ours['x-frame-options']).toBe('DENY');
    expect(ours['content-security-policy']).toBeUndefined();
  });
});
