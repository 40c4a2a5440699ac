import type { Role } from '../../../shared/constants';

export type RoleChangeRefusal = 'not_admin' | 'super_admin_only' | null;

/**
 * The escalation rules (architecture: deliberate departure from the spec): admins may set `user` and `admin`;
 * only a super admin grants or revokes `super_admin`. (That the last super admin keeps the role is enforced
 * atomically by the repository.)
 */
export function roleChangeRefusal(actor: Role, from: Role, to: Role): RoleChangeRefusal {
  if (actor !== 'admin' && actor !== 'super_admin') return 'not_admin';
  if ((from === 'super_admin' || to === 'super_admin') && actor !== 'super_admin') return 'super_admin_only';
  return null;
}

/** The Cognito groups a role implies (the groups only seed the role of a profile created lazily). */
export function groupsForRole(role: Role): string[] {
  return role === 'user' ? [] : [role];
}
