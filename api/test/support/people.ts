import { renameSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { hashCode } from '../../src/access/people/person-code';
import type { TurnHost } from './turn-client';
import type { TestApp } from './test-app';

/** A member of a test circle, with the code they sign in with. */
export interface TestPerson {
  id: string;
  firstName: string;
  code: string;
}

export const ANNA: TestPerson = { id: 'anna', firstName: 'Anna', code: 'anna-4821-lime' };
export const BEN: TestPerson = { id: 'ben', firstName: 'Ben', code: 'ben-7730-slate' };

/** Hashes by code, so that writing a person again keeps their hash, as people:add leaves others' entries alone. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (code: string) => {
  let hash = hashes.get(code);
  if (!hash) hashes.set(code, (hash = hashCode(code)));
  return hash;
};

/** Writes the people file whole (to a file beside it, then renamed over it, as people:add does). */
export async function writePeople(file: string, people: readonly TestPerson[]): Promise<void> {
  const entries = await Promise.all(
    people.map(async ({ id, firstName, code }) => ({ id, firstName, codeHash: await hashOf(code) })),
  );
  writeFileSync(`${file}.next`, `${JSON.stringify({ people: entries }, null, 2)}\n`);
  renameSync(`${file}.next`, file);
}

/** The access cookie a code gets (fails the test when it is refused). */
export async function cookieFor(sut: TestApp, code: string): Promise<string> {
  const res = await request(sut.app.getHttpServer()).post('/api/auth/grant-access').send({ passcode: code });
  if (res.status !== 200) throw new Error(`the code was refused: ${res.status} ${JSON.stringify(res.body)}`);
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A client of the app signed in with a code, and the same as a host of streaming turns. */
export interface SignedIn {
  cookie: string;
  client(): TestAgent;
  host: TurnHost;
}

export async function signIn(sut: TestApp, code: string): Promise<SignedIn> {
  const cookie = await cookieFor(sut, code);
  return {
    cookie,
    client: () => request.agent(sut.app.getHttpServer()).set('Cookie', cookie),
    host: { url: () => sut.url(), accessCookie: () => Promise.resolve(cookie) },
  };
}
