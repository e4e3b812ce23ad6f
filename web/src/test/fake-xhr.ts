import { vi } from 'vitest';

type ProgressHandler = ((event: ProgressEvent) => void) | null;
type Handler = (() => void) | null;

/** One request made through the stubbed XMLHttpRequest, driven by the test: progress, then an answer. */
export class FakeXhr {
  method = '';
  url = '';
  requestHeaders: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders: Record<string, string> = {};
  readonly upload: { onprogress: ProgressHandler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor(private readonly requests: FakeXhr[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown) {
    this.body = body;
    this.requests.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in the form's `file` field. */
  get file(): File {
    return (this.body as FormData).get('file') as File;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }

  /** Every byte went out: the server is reading the file. */
  finishSending() {
    this.upload.onload?.();
  }

  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' };
    this.onload?.();
  }

  /** No answer at all (offline, server down). */
  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for the rest of the test; every request sent lands in the returned list. */
export function stubXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(requests);
      }
    },
  );
  return requests;
}
