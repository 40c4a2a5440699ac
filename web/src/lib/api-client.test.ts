import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { storeAmplifyTokens } from '@/test/fixtures';
import { ApiError, apiRequest } from './api-client';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
    storeAmplifyTokens();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('calls the API base with the ID token and parses the answer', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 'u1' }));
    const result = await apiRequest('/me', { schema: z.object({ id: z.string() }) });
    expect(result).toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer id-token');
  });

  it('sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(reply(201, { ok: true }));
    await apiRequest('projects', { method: 'POST', body: { title: 'A' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/projects');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"title":"A"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('omits the header when nobody is signed in', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    fetchMock.mockResolvedValue(reply(200, {}));
    await apiRequest('/health');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });

  it("says the session has expired when the authorizer answers 401 (without the API's error shape)", async () => {
    fetchMock.mockResolvedValue(reply(401, { message: 'Unauthorized' }));
    const error = await apiRequest('/projects').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('throws an ApiError with the code and message of the error body', async () => {
    fetchMock.mockResolvedValue(reply(403, { error: { code: 'FORBIDDEN', message: 'Admins only' } }));
    const error = await apiRequest('/admin/stats').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Admins only' });
  });

  it('throws an ApiError for answers without an error body and for network failures', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('rejects a response that does not match the schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 1 }));
    await expect(apiRequest('/me', { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
