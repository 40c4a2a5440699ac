import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { publicProject } from '@/test/fixtures';
import { authState, renderPage } from '@/test/render';
import { PublicProjectPage } from './public-project-page';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
}));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiRequest: (await import('@/test/fake-transport')).fakeTransport(api),
}));

const KEY = 'abcdefghijklmnopqrstuvwxyz';

function setup(search = `?k=${KEY}`) {
  return renderPage(<PublicProjectPage />, {
    path: `/projects/p1/public${search}`,
    route: '/projects/:id/public',
    auth: authState(),
  });
}

describe('PublicProjectPage', () => {
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('shows the shared project read-only, without signing in', async () => {
    api.get.mockResolvedValue(
      publicProject({
        title: 'Riverside House',
        description: 'Two storeys',
        tags: ['Residential'],
        files: [
          {
            id: 'f1',
            name: 'plan.png',
            fileType: 'image',
            sizeBytes: 2048,
            previewUrl: 'https://x/p.png',
            createdAt: '2025-03-05T12:00:00Z',
          },
        ],
        renders: [
          {
            prompt: 'Photorealistic exterior view',
            style: 'variation-1',
            imageUrl: 'https://x/r.png',
            createdAt: '2025-03-05T12:00:00Z',
          },
        ],
      }),
    );
    setup();
    expect(await screen.findByRole('heading', { name: 'Riverside House', level: 1 })).toBeInTheDocument();
    // The route is public: the contract's client sends it no ID token (api-call.test.ts).
    expect(api.get).toHaveBeenCalledWith(`/public/projects/p1?k=${KEY}`);
    expect(screen.getByText('Read-only access')).toBeInTheDocument();
    expect(screen.getByText('Two storeys')).toBeInTheDocument();
    expect(screen.getByText('Residential')).toBeInTheDocument();
    const file = screen.getByTestId('file-card');
    expect(file).toHaveTextContent('plan.png');
    expect(file).toHaveTextContent('2.00 KB');
    const render = screen.getByTestId('render-card');
    expect(render).toHaveTextContent('Photorealistic exterior view');
    expect(render).toHaveTextContent('Lighting & materials');
    expect(within(render).getByRole('button', { name: 'View Full Size' })).toBeInTheDocument();
    for (const name of ['Share', 'Settings', 'Delete', 'Download plan.png']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says a revoked or wrong link is no longer available', async () => {
    api.get.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'This link is no longer available'));
    setup();
    expect(
      await screen.findByRole('heading', { name: 'This link is no longer available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('does not ask the server without a key', () => {
    setup('');
    expect(screen.getByRole('heading', { name: 'This link is no longer available' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});
