import { onTestFinished } from 'vitest';

/**
 * jsdom has no URL.createObjectURL: this gives each file a `blob:` URL for the rest of the test and
 * records which were made and which revoked.
 */
export function stubObjectUrls() {
  const made: string[] = [];
  const revoked: string[] = [];
  Object.defineProperties(URL, {
    createObjectURL: {
      configurable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${made.length + 1}-${blob instanceof File ? blob.name : 'blob'}`;
        made.push(url);
        return url;
      },
    },
    revokeObjectURL: { configurable: true, value: (url: string) => revoked.push(url) },
  });
  onTestFinished(() => {
    delete (URL as unknown as Record<string, unknown>).createObjectURL;
    delete (URL as unknown as Record<string, unknown>).revokeObjectURL;
  });
  return { made, revoked };
}
