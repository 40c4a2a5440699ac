import { describe, expect, it } from 'vitest';
import { groupsForRole, roleChangeRefusal } from './roles';

describe('role change rules', () => {
  it('lets admins set user and admin, and only super admins grant or revoke super_admin', () => {
    expect(roleChangeRefusal('admin', 'user', 'admin')).toBeNull();
    expect(roleChangeRefusal('admin', 'admin', 'user')).toBeNull();
    expect(roleChangeRefusal('admin', 'user', 'super_admin')).toBe('super_admin_only');
    expect(roleChangeRefusal('admin', 'super_admin', 'user')).toBe('super_admin_only');
    expect(roleChangeRefusal('admin', 'super_admin', 'admin')).toBe('super_admin_only');
    expect(roleChangeRefusal('super_admin', 'user', 'super_admin')).toBeNull();
    expect(roleChangeRefusal('super_admin', 'super_admin', 'user')).toBeNull();
    expect(roleChangeRefusal('user', 'user', 'admin')).toBe('not_admin');
  });

  it('maps a role to exactly its Cognito group', () => {
    expect(groupsForRole('user')).toEqual([]);
    expect(groupsForRole('admin')).toEqual(['admin']);
    expect(groupsForRole('super_admin')).toEqual(['super_admin']);
  });
});
