import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAmplifyTokens } from '@/test/fixtures';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const hub = vi.hoisted(() => ({ listeners: [] as ((data: { payload: { event: string } }) => void)[] }));
vi.mock('aws-amplify/utils', () => ({
  Hub: {
    listen: (_channel: string, listener: (data: { payload: { event: string } }) => void) => {
      hub.listeners.push(listener);
      return () => {
        hub.listeners = hub.listeners.filter((l) => l !== listener);
      };
    },
  },
}));

const fetchMock = vi.fn<typeof fetch>();
const session = (sub: string, email: string) => ({
  tokens: { idToken: { payload: { sub, email }, toString: () => 'token' } },
});

function Probe() {
  const auth = useAuth();
  return (
    <dl>
      <dd data-testid="status">{auth.status}</dd>
      <dd data-testid="email">{auth.user?.email ?? ''}</dd>
      <dd data-testid="role">{auth.roleLoading ? 'loading' : auth.role}</dd>
      <dd data-testid="admin">{String(auth.isAdmin)}</dd>
    </dl>
  );
}

function renderProvider() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    hub.listeners = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    amplify.fetchAuthSession.mockReset();
  });

  it('is signed out without stored tokens, without asking Amplify', async () => {
    renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is signed out when the stored tokens are no longer valid', async () => {
    storeAmplifyTokens();
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(amplify.fetchAuthSession).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the role from /api/me', async () => {
    storeAmplifyTokens();
    amplify.fetchAuthSession.mockResolvedValue(session('u1', 'root@example.com'));
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ id: 'u1', email: 'root@example.com', role: 'super_admin' }), {
        status: 200,
      }),
    );
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('super_admin'));
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
    expect(screen.getByTestId('email')).toHaveTextContent('root@example.com');
    expect(screen.getByTestId('admin')).toHaveTextContent('true');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/me');
  });

  it('falls back to the user role when the profile lookup fails', async () => {
    storeAmplifyTokens();
    amplify.fetchAuthSession.mockResolvedValue(session('u1', 'ada@example.com'));
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), { status: 500 }),
    );
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(screen.getByTestId('role')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('user'), { timeout: 4000 });
    expect(screen.getByTestId('admin')).toHaveTextContent('false');
  });

  it('follows Amplify Hub sign-in and sign-out events', async () => {
    storeAmplifyTokens(); // expired tokens: Amplify loads and answers "no session"
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ id: 'u1', email: 'ada@example.com', role: 'user' }), { status: 200 }),
    );
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    await waitFor(() => expect(hub.listeners).toHaveLength(1));

    amplify.fetchAuthSession.mockResolvedValue(session('u1', 'ada@example.com'));
    act(() => {
      for (const l of hub.listeners) l({ payload: { event: 'signedIn' } });
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));

    act(() => {
      for (const l of hub.listeners) l({ payload: { event: 'signedOut' } });
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
  });
});
