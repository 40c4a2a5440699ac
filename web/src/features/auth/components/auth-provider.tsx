import type { Role } from '@shared/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { listenToAuthEvents } from '@/lib/amplify';
import { signOutUser } from '../api/auth';
import { authKeys, meQueryOptions, sessionQueryOptions } from '../api/session';
import { AuthContext, type AuthState, isAdminRole } from '../hooks/use-auth';

/**
 * Holds the auth state: the stored Amplify session (tokens in localStorage, refreshed by Amplify) and the
 * caller's profile from `GET /api/me` for the role. Amplify Hub events keep it current.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const user = session.data ?? null;
  const me = useQuery({ ...meQueryOptions(user?.id ?? ''), enabled: Boolean(user) });

  const clearUserData = useCallback(() => {
    queryClient.setQueryData(authKeys.session(), null);
    queryClient.removeQueries({
      predicate: (query) => !(query.queryKey[0] === 'auth' && query.queryKey[1] === 'session'),
    });
  }, [queryClient]);

  useEffect(() => {
    return listenToAuthEvents(({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'tokenRefresh':
          void queryClient.invalidateQueries({ queryKey: authKeys.session() });
          break;
        case 'signedOut':
          clearUserData();
          break;
        case 'tokenRefresh_failure':
          void queryClient.invalidateQueries({ queryKey: authKeys.session() });
          break;
        default:
          break;
      }
    });
  }, [queryClient, clearUserData]);

  const signOut = useCallback(async () => {
    await signOutUser();
    clearUserData();
  }, [clearUserData]);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: authKeys.session() });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const status = session.isPending ? 'loading' : user ? 'signedIn' : 'signedOut';
    const role: Role = (user && me.data?.role) || 'user';
    return {
      status,
      user: user ? { id: user.id, email: me.data?.email || user.email } : null,
      role,
      roleLoading: Boolean(user) && me.isPending,
      isAdmin: isAdminRole(role),
      isSuperAdmin: role === 'super_admin',
      signOut,
      refresh,
    };
  }, [session.isPending, user, me.data, me.isPending, signOut, refresh]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
