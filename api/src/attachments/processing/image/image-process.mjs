import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Decodes one HEIC in a worker thread (decode-heic.ts starts it): libheif in WebAssembly blocks this thread,
 * not the server's event loop, and the WebAssembly memory it grows, which is never given back, goes with the
 * thread. Posts one answer, a plain object:
 * { width, height, pixels } (RGBA, the ArrayBuffer transferred) | { width, height, tooLarge: true } | { problem }.
 */
const require = createRequire(import.meta.url);

// libheif tells why it cannot parse a file to console.log: kept for the refusal's cause, off the server's stdout.
const said = [];
console.log = (...words) => said.push(words.join(' ').trim());
// Loaded after the line above, and outside the catch below: a decoder that cannot load is the server's fault.
const decode = require('heic-decode');

async function decodeFirstImage({ input, maxInputPixels }) {
  const images = await decode.all({ buffer: typeof input === 'string' ? await readFile(input) : input });
  try {
    const [first] = images;
    // Only the header has been read so far: a decompression bomb is refused before its pixels are allocated.
    if (first.width * first.height > maxInputPixels)
      return { width: first.width, height: first.height, tooLarge: true };
    const { width, height, data } = await first.decode();
    return { width, height, pixels: data.buffer };
  } finally {
    images.dispose();
  }
}

const answer = await decodeFirstImage(workerData).catch((error) => ({
  problem: [String(error?.message ?? error), ...said].join('; libheif: '),
}));
parentPort.postMessage(answer, answer.pixels ? [answer.pixels] : []);
