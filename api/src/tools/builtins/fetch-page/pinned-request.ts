import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type LookupFunction } from 'node:net';
import { addAbortSignal, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type ResolvedAddress } from './fetch-page.options';
import { type VettedTarget } from './target-guard';

/** The network side of fetch_page: one GET to a vetted target's own addresses, and its body read under a cap. */

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; fetch_page; reads a page for an assistant)',
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,application/json;q=0.9,*/*;q=0.1',
  'accept-encoding': 'gzip, deflate, br',
};

/** Answers the socket's lookup with the checked addresses; the host name still goes out as Host and SNI. */
const pinnedLookup =
  (addresses: ResolvedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };

export function requestPinned(target: VettedTarget, signal: AbortSignal): Promise<IncomingMessage> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target.url,
      { method: 'GET', headers: HEADERS, signal, agent: false, lookup: pinnedLookup(target.addresses) },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const DECODERS = new Map<string, (() => Transform) | undefined>([
  ['identity', undefined],
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

export const canDecode = (response: IncomingMessage) => DECODERS.has(contentEncodingOf(response));

const contentEncodingOf = (response: IncomingMessage) =>
  (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase() || 'identity';

export interface Body {
  bytes: Buffer;
  /** The body went on past maxBytes and was not read further. */
  cut: boolean;
}

/** Reads at most maxBytes of the decoded body, so neither a huge page nor a compression bomb fills memory. */
export async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Body> {
  const decoder = DECODERS.get(contentEncodingOf(response));
  const source: Readable = decoder ? response.pipe(decoder()) : response;
  if (source !== response) response.on('error', (error) => source.destroy(error));
  addAbortSignal(signal, source);
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        cut = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    response.destroy();
    source.destroy();
  }
  return { bytes: Buffer.concat(chunks), cut };
}
