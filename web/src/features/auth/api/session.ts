import { meApi } from '@shared/api/me';
import { queryOptions } from '@tanstack/react-query';
import { amplifyAuth, mayHaveStoredSession } from '@/lib/amplify';
import { callApi } from '@/lib/api-call';

/** The signed-in user as the ID token names them. */
export interface SessionUser {
  id: string;
  email: string;
}

export const authKeys = {
  all: ['auth'] as const,
  session: () => ['auth', 'session'] as const,
  me: (userId: string) => ['auth', 'me', userId] as const,
};

/** Reads the stored session (refreshing the tokens when needed); null when nobody is signed in. */
export async function loadSession(): Promise<SessionUser | null> {
  if (!mayHaveStoredSession()) return null;
  try {
    const { tokens } = await (await amplifyAuth()).fetchAuthSession();
    const payload = tokens?.idToken?.payload;
    if (!payload?.sub) return null;
    return { id: String(payload.sub), email: typeof payload.email === 'string' ? payload.email : '' };
  } catch {
    return null;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: loadSession,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** `GET /api/me`: the caller's profile and role. */
export const getMe = () => callApi(meApi, 'GET /api/me');

export const meQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: authKeys.me(userId),
    queryFn: getMe,
    staleTime: 5 * 60_000,
    retry: 1,
  });
