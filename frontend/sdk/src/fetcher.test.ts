import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, configureSdk, customFetch } from './fetcher';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureSdk({ baseUrl: '', headers: undefined, token: undefined, credentials: undefined });
});

describe('customFetch on success', () => {
  it('returns the parsed JSON body and sends credentials', async () => {
    const fetchMock = stubFetch(Response.json([{ id: 1 }]));
    await expect(customFetch('/api/stories', { method: 'GET' })).resolves.toEqual([{ id: 1 }]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('sends a configured API token as a bearer credential, without cookies', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'u1' }));
    configureSdk({ baseUrl: 'https://stories.example.org', token: 'gst_abc' });
    await customFetch('/api/user');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer gst_abc');
    expect(init?.credentials).toBe('omit');
  });

  it('leaves cookies out when told to (public reads from another site)', async () => {
    const fetchMock = stubFetch(Response.json([]));
    configureSdk({ credentials: 'omit' });
    await customFetch('/api/stories');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });

  it('encodes a plain object body as JSON', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(
      customFetch('/api/login', { method: 'POST', body: { email: 'a@b.c' } as unknown as BodyInit }),
    ).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('prefixes the configured base URL and exposes the raw response', async () => {
    const fetchMock = stubFetch(Response.json([], { headers: { 'X-Total-Count': '7' } }));
    configureSdk({ baseUrl: 'https://stories.example.org/' });
    let total: string | null = null;
    await customFetch('/api/stories', {
      onResponse: (response) => {
        total = response.headers.get('X-Total-Count');
      },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://stories.example.org/api/stories');
    expect(total).toBe('7');
  });
});

describe('customFetch error text (docs/product.md#errors)', () => {
  it('uses the message field of a JSON body', async () => {
    stubFetch(Response.json({ message: 'Story not found', error: 'ignored' }, { status: 404 }));
    await expect(customFetch('/api/stories/9')).rejects.toThrow('404: Story not found');
  });

  it('falls back to the error field', async () => {
    stubFetch(Response.json({ error: 'Forbidden area' }, { status: 403 }));
    await expect(customFetch('/api/admin/users')).rejects.toThrow('403: Forbidden area');
  });

  it('falls back to the raw body text', async () => {
    stubFetch(new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }));
    await expect(customFetch('/api/site')).rejects.toThrow('502: upstream exploded');
  });

  it('uses the raw text of a JSON body that has neither field', async () => {
    stubFetch(new Response('{"detail":"nope"}', { status: 400, statusText: 'Bad Request' }));
    await expect(customFetch('/api/site')).rejects.toThrow('400: {"detail":"nope"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 401, statusText: 'Unauthorized' }));
    await expect(customFetch('/api/user')).rejects.toThrow('401: Unauthorized');
  });

  it('throws an ApiError that keeps the status and the validation errors', async () => {
    stubFetch(
      Response.json(
        {
          code: 'validation_failed',
          message: 'Validation failed',
          errors: [{ field: 'title', message: 'Title is required' }],
        },
        { status: 422 },
      ),
    );
    const error = await customFetch('/api/stories', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('422: Validation failed');
    expect(apiError.fieldErrors).toEqual([{ field: 'title', message: 'Title is required' }]);
    expect(apiError.code).toBe('validation_failed');
  });

  it("has no code for an answer that is not the API's own", async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await customFetch('/api/stories').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });
});

describe('customFetch without a server', () => {
  it('turns a failed fetch into the network error message', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(customFetch('/api/stories')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe(
      'Network error: Unable to connect to server. Please check your internet connection.',
    );
  });

  it('lets an abort through untouched so react-query can cancel', async () => {
    stubFetch(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(customFetch('/api/stories')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
