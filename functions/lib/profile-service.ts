import type { Role } from '../../shared/constants';
import type { Caller } from './auth';
import { createProfile, getProfile, type Profile } from './db/profiles';

/** The initial role of a profile created lazily: only Cognito groups (set by administrators) can raise it. */
export function initialRole(groups: string[]): Role {
  if (groups.includes('super_admin')) return 'super_admin';
  if (groups.includes('admin')) return 'admin';
  return 'user';
}

/**
 * The caller's stored profile. PostConfirmation writes it for self sign-ups; users an administrator created
 * (the seeded super admin) get it on their first request.
 */
export async function ensureProfile(caller: Caller): Promise<Profile> {
  const existing = await getProfile(caller.userId);
  if (existing) return existing;
  return createProfile({ id: caller.userId, email: caller.email, role: initialRole(caller.groups) });
}
