import type { Role } from '@shared/constants';
import { createContext, useContext } from 'react';
import type { SessionUser } from '../api/session';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** The profile's role; 'user' until known and whenever the profile lookup fails. */
  role: Role;
  /** True while a signed-in user's role is being fetched. */
  roleLoading: boolean;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  signOut: () => Promise<void>;
  /** Re-reads the stored session (after signing in) and resolves once the state reflects it. */
  refresh: () => Promise<void>;
}

/** Exported for tests, which provide a fixed state instead of the real provider. */
export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'super_admin';
}
