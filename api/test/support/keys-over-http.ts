import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';

/** The access cookie of a running server (or of the proxy in front of its replicas), as the private area gets it. */
export async function accessCookie(base: string, passcode: string): Promise<string> {
  const granted = await fetch(`${base}/api/auth/grant-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ passcode }),
  });
  if (granted.status !== 200) throw new Error(`grant-access answered ${granted.status}`);
  return granted.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A key made as the private area makes one: POST /api/keys with the access cookie. */
export async function makeKeyOverHttp(
  base: string,
  cookie: string,
  request: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const made = await fetch(`${base}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(request),
  });
  if (made.status !== 201) throw new Error(`POST /api/keys answered ${made.status}: ${await made.text()}`);
  return (await made.json()) as CreatedApiKey;
}
