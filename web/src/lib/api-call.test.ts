import { adminApi } from '@shared/api/admin';
import { filesApi } from '@shared/api/files';
import { projectsApi } from '@shared/api/projects';
import { publicApi } from '@shared/api/public';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAmplifyTokens } from '@/test/fixtures';
import { callApi } from './api-call';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('callApi (the API contract)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
    storeAmplifyTokens();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('calls a route of the contract: its path with encoded parameters, its query, its body', async () => {
    fetchMock.mockResolvedValue(reply(200, { url: 'https://s3/x', fileName: 'a b.glb', expiresIn: 300 }));
    const link = await callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/model', {
      params: { projectId: 'p 1', fileId: 'f/2' },
      query: { format: 'glb' },
    });
    expect(link).toEqual({ url: 'https://s3/x', fileName: 'a b.glb', expiresIn: 300 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/projects/p%201/files/f%2F2/model?format=glb');
    expect(init?.method).toBe('GET');

    fetchMock.mockResolvedValue(reply(200, { items: [], nextCursor: null }));
    await callApi(adminApi, 'GET /api/admin/users', { query: { role: 'all', q: '', limit: 25 } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/admin/users?role=all&limit=25');

    fetchMock.mockResolvedValue(reply(204));
    await callApi(projectsApi, 'DELETE /api/projects/{projectId}', { params: { projectId: 'p1' } });
    expect(fetchMock.mock.calls[2]![1]?.method).toBe('DELETE');
    expect(fetchMock.mock.calls[2]![1]?.body).toBeUndefined();
  });

  it('validates the answer with the route’s response schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { url: 42 }));
    await expect(
      callApi(projectsApi, 'GET /api/projects/{projectId}/share', { params: { projectId: 'p1' } }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('sends no ID token to a public route', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { title: 'T', description: null, tags: [], thumbnailUrl: null, files: [], renders: [] }),
    );
    await callApi(publicApi, 'GET /api/public/projects/{projectId}', {
      params: { projectId: 'p1' },
      query: { k: 'token' },
    });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });
});
