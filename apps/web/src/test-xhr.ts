import { vi } from 'vitest';

export interface XhrStub {
  /** The bodies sent, in order. */
  sent: FormData[];
  method?: string;
  url?: string;
  headers: Record<string, string>;
  /** Answers the last request as the server would (for a stub made without `answer`). */
  finish: (status: number, body: unknown) => void;
}

export interface XhrStubOptions {
  /** Upload progress reported after sending, in % of the bytes. */
  progress?: number[];
  /** The server's answer; without it the test answers with `finish`. */
  answer?: { status: number; body: unknown };
  /** Wait before the progress (ms); none: at once, inside send. */
  delayMs?: number;
  /** Wait between the progress and the answer (ms); none: at once. */
  answerDelayMs?: number;
}

/**
 * Replaces the browser's XMLHttpRequest (what uploads with progress use) by a stand-in that
 * records the request, reports upload progress and answers like the server. Undo it with
 * `vi.unstubAllGlobals()`.
 */
export function stubXhr(o: XhrStubOptions = {}): XhrStub {
  const requests: FakeXhr[] = [];
  const stub: XhrStub = {
    sent: [],
    headers: {},
    finish: (status, body) => {
      const xhr = requests.at(-1)!;
      xhr.status = status;
      xhr.responseText = JSON.stringify(body);
      xhr.onload?.();
    },
  };
  const later = (ms: number | undefined, fn: () => void) => (ms === undefined ? fn() : void setTimeout(fn, ms));
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    statusText = '';
    responseText = '';
    timeout = 0;
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    open(method: string, url: string) {
      stub.method = method;
      stub.url = url;
    }
    setRequestHeader(k: string, v: string) {
      stub.headers[k] = v;
    }
    abort() {}
    send(form: FormData) {
      stub.sent.push(form);
      requests.push(this);
      later(o.delayMs, () => {
        for (const loaded of o.progress ?? []) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
        const answer = o.answer;
        if (answer) later(o.answerDelayMs, () => stub.finish(answer.status, answer.body));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return stub;
}
