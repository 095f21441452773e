//! The one hand-written transport of the SDK: every generated call goes through `customFetch`.
import type { ErrorCode } from './generated/model/errorCode';

/** Text of the error thrown when the server cannot be reached at all (docs/product.md#errors). */
export const NETWORK_ERROR_MESSAGE =
  'Network error: Unable to connect to server. Please check your internet connection.';

export interface SdkConfig {
  /** Prefix for every API path, e.g. `https://stories.example.org`. Empty means same origin. */
  baseUrl: string;
  /**
   * A personal API token (`gst_...`, made on the site's API Tokens tab): sent as
   * `Authorization: Bearer` on every request, without cookies. Leave it out in the browser
   * site itself, which signs in with the session cookie.
   */
  token?: string;
  /**
   * Whether requests carry the browser's cookies: `include` by default (the site itself and
   * frontends named in `ALLOWED_ORIGINS`), `omit` with a `token`. A page on any other site that
   * only reads public stories (the widget) sets `omit`: such reads are open to every origin.
   */
  credentials?: RequestCredentials;
  /** Headers added to every request (an API key for a proxy, for instance). */
  headers?: Record<string, string>;
  /** Replacement for the global `fetch` (tests, server-side rendering). */
  fetch?: typeof fetch;
}

const config: SdkConfig = { baseUrl: '' };

/** Sets the base URL (and optionally a token, headers or a fetch implementation) for every SDK call. */
export function configureSdk(next: Partial<SdkConfig>): void {
  Object.assign(config, next);
  config.baseUrl = config.baseUrl.replace(/\/+$/, '');
}

export function getSdkConfig(): Readonly<SdkConfig> {
  return config;
}

/**
 * Per-call options. `onResponse` sees the raw `Response` before its body is read, which is how
 * callers reach headers such as `X-Total-Count` while the call itself returns the parsed body.
 */
export type RequestOptions = RequestInit & { onResponse?: (response: Response) => void };

/** A non-success response. `message` reads `"{status}: {text}"`; the parsed body is kept for forms. */
export class ApiError<Body = unknown> extends Error {
  readonly status: number;
  readonly body: Body | undefined;

  constructor(status: number, text: string, body: Body | undefined) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /**
   * The body's machine code (`validation_failed`, `unauthenticated`, `pending_approval`, ...):
   * decide by it and `status`, never by the wording of the message. Undefined when the answer
   * did not come from this API (a proxy's error page).
   */
  get code(): ErrorCode | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return typeof code === 'string' ? (code as ErrorCode) : undefined;
  }

  /** Field errors of a validation failure (`{"errors": [{field, message}]}`), if any. */
  get fieldErrors(): { field: string; message: string }[] {
    const errors = isRecord(this.body) ? this.body.errors : undefined;
    return Array.isArray(errors)
      ? errors.filter(
          (e): e is { field: string; message: string } =>
            isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string',
        )
      : [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** docs/product.md#errors: the body's `message` field, else its `error` field, else the raw text, else the status text. */
export function errorText(body: unknown, rawText: string, statusText: string): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message !== '') return body.message;
    if (typeof body.error === 'string' && body.error !== '') return body.error;
  }
  if (rawText.trim() !== '') return rawText;
  return statusText;
}

function resolveUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${config.baseUrl}${url}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * orval's `override.mutator`: sends credentials, encodes JSON bodies, returns the parsed body
 * and throws `ApiError` for non-success statuses or the network message when nothing answers.
 */
export async function customFetch<T>(url: string, options?: RequestOptions): Promise<T> {
  const { onResponse, headers: callHeaders, body, ...init } = options ?? {};
  const headers = new Headers(config.headers);
  new Headers(callHeaders).forEach((value, key) => headers.set(key, value));
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (config.token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${config.token}`);

  let payload: BodyInit | null | undefined = body;
  const isPlainData = body !== undefined && body !== null && typeof body === 'object' && !isBodyInit(body);
  if (isPlainData) payload = JSON.stringify(body);
  if (payload != null && typeof payload === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  const doFetch = config.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(resolveUrl(url), {
      ...init,
      headers,
      body: payload,
      // A token says who is asking; the browser's cookies must not (they could be someone else's).
      credentials: config.credentials ?? (config.token ? 'omit' : 'include'),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(NETWORK_ERROR_MESSAGE, { cause: error });
  }

  onResponse?.(response);
  const text = await response.text();
  const parsed = parseBody(text);
  if (!response.ok) {
    throw new ApiError(response.status, errorText(parsed, text, response.statusText), parsed);
  }
  return parsed as T;
}

function isBodyInit(body: object): boolean {
  return (
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/** orval's error type for generated hooks: an `ApiError` from the server, or the network `Error`. */
export type ErrorType<Body> = ApiError<Body> | Error;
