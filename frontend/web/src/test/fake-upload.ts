//! Test harness: `XMLHttpRequest` replaced by a fake that records picture uploads and answers
//! them when told (at once by default), so upload progress can be driven step by step.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export type UploadReply = { status: number; body: unknown };

export interface FakeUpload {
  url: string;
  withCredentials: boolean;
  body: FormData;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  /** Answers with the stubbed reply. */
  finish: () => void;
  /** Fails as an unreachable server does. */
  fail: () => void;
}

/** Replaces `XMLHttpRequest`; `hold` keeps each upload open until the test finishes it. */
export function stubUploads(reply: UploadReply, { hold = false }: { hold?: boolean } = {}) {
  const uploads: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      const upload: FakeUpload = {
        url: this.url,
        withCredentials: this.withCredentials,
        body,
        progress: (loaded, total) => act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total })),
        finish: () =>
          act(() => {
            this.status = reply.status;
            this.responseText = JSON.stringify(reply.body);
            this.onload?.();
          }),
        fail: () => act(() => this.onerror?.()),
      };
      uploads.push(upload);
      if (!hold) queueMicrotask(() => upload.finish());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
