/**
 * A user's role as an admin changes it: the escalation rules (`roles.ts`), the change and its audit entry in one
 * transaction, then the Cognito groups brought in step (they only seed the role of a profile created lazily).
 */
import type { Role } from '../../../shared/constants';
import { type Actor, auditEntry } from '../db/audit';
import { getProfile, type Profile } from '../db/profiles';
import { changeRole, LastSuperAdminError, RoleChangedError } from '../db/users';
import { conflict, forbidden, notFound } from '../errors';
import type { Logger } from '../logger';
import { syncRoleGroups } from './cognito';
import { roleChangeRefusal } from './roles';

/** Cognito subs are UUIDs; anything else names no user (404 without a database read). */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sets `userId`'s role as `by` (the acting admin's stored profile) asks; the user's profile afterwards. */
export async function changeUserRole(
  by: { profile: Profile; actor: Actor },
  userId: string | undefined,
  role: Role,
  log: Logger,
): Promise<Profile> {
  const target = userId && USER_ID.test(userId) ? await getProfile(userId) : null;
  if (!target) throw notFound('User not found');
  const refusal = roleChangeRefusal(by.profile.role, target.role, role);
  if (refusal === 'super_admin_only')
    throw forbidden('Only a super admin can grant or revoke the super_admin role');
  if (refusal) throw forbidden('Admin access required');
  if (target.role !== role) {
    const audit = auditEntry(by.actor, {
      action: 'user.role.update',
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role, email: target.email },
      after: { role, email: target.email },
    });
    try {
      await changeRole(target.id, target.role, role, audit);
    } catch (error) {
      if (error instanceof LastSuperAdminError || error instanceof RoleChangedError)
        throw conflict(error.message);
      throw error;
    }
    log.info('role changed', { userId: target.id, from: target.role, to: role, by: by.actor.userId });
  }
  // The stored role is what authorizes; the groups follow it.
  try {
    await syncRoleGroups(target.id, role);
  } catch (error) {
    log.error('could not update the Cognito groups', { error, userId: target.id, role });
  }
  return (await getProfile(target.id)) ?? { ...target, role };
}
