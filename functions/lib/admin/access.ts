import type { Role } from '../../../shared/constants';
import { type Caller, callerFrom } from '../auth';
import type { Actor } from '../db/audit';
import type { Profile } from '../db/profiles';
import { forbidden, isDependencyOutage } from '../errors';
import type { HttpEvent } from '../http';
import { ensureProfile } from '../profile-service';

export interface AdminCaller {
  caller: Caller;
  profile: Profile;
  actor: Actor;
}

export const isAdminRole = (role: Role) => role === 'admin' || role === 'super_admin';

/**
 * The caller, allowed only with the role their STORED profile holds (never the token's groups), read on every
 * request: a role change takes effect on the user's next request, without a new token.
 */
export async function requireRole(event: HttpEvent, needed: 'admin' | 'super_admin'): Promise<AdminCaller> {
  const caller = callerFrom(event);
  const profile = await ensureProfile(caller);
  const allowed = needed === 'super_admin' ? profile.role === 'super_admin' : isAdminRole(profile.role);
  if (!allowed)
    throw forbidden(needed === 'super_admin' ? 'Super admin access required' : 'Admin access required');
  return { caller, profile, actor: { userId: profile.id, email: profile.email } };
}

/**
 * For the health report only: the stored role as usual, but while the database cannot be read (the very outage
 * the report is for) the token's Cognito groups, which the role changes keep in step, stand in for it.
 */
export async function requireAdminForHealth(event: HttpEvent): Promise<{ databaseReachable: boolean }> {
  try {
    await requireRole(event, 'admin');
    return { databaseReachable: true };
  } catch (error) {
    if (!isDependencyOutage(error)) throw error;
    const { groups } = callerFrom(event);
    if (!groups.some((group) => group === 'admin' || group === 'super_admin'))
      throw forbidden('Admin access required');
    return { databaseReachable: false };
  }
}
