import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/constants';
import type { RoleFilter } from '../../../shared/schemas/admin';
import { type AuditEntry, auditPut } from './audit';
import { db, tableName } from './client';
import { keys } from './keys';
import { batchGet, type IndexFilter, queryIndexPage } from './paging';
import { type Profile, toProfile } from './profiles';

/** Profiles newest first (GSI1 PROFILES), optionally those whose e-mail contains `q` and those of one role. */
export async function listProfiles(options: {
  q?: string;
  role: RoleFilter;
  cursor?: string;
  limit: number;
}): Promise<{ items: Profile[]; nextCursor: string | null }> {
  const filters: IndexFilter[] = [];
  if (options.q)
    filters.push({ expression: 'contains(email, :q)', values: { ':q': options.q.toLowerCase() } });
  if (options.role !== 'all')
    filters.push({
      expression: '#role = :role',
      names: { '#role': 'role' },
      values: { ':role': options.role },
    });
  const page = await queryIndexPage({
    partition: keys.profilesPartition,
    filters,
    cursor: options.cursor,
    limit: options.limit,
  });
  return { items: page.items.map(toProfile), nextCursor: page.nextCursor };
}

/** Profiles by id (one BatchGetItem per 100); unknown ids are left out. */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(unique.map((id) => keys.profile(id)));
  return new Map(items.map((item) => [item.id as string, toProfile(item)]));
}

export class LastSuperAdminError extends Error {
  constructor() {
    super('The last super admin cannot be demoted');
    this.name = 'LastSuperAdminError';
  }
}

export class RoleChangedError extends Error {
  constructor() {
    super('The role was changed by someone else; reload and try again');
    this.name = 'RoleChangedError';
  }
}

/**
 * Changes a profile's role, the role counters (STATS/ROLES) and the audit log in one transaction. The profile
 * must still hold `from` (a concurrent change fails instead of being overwritten), and taking the role away
 * from a super admin requires another one to remain: the counter's condition makes two super admins demoting
 * each other at once leave one of them.
 */
export async function changeRole(userId: string, from: Role, to: Role, audit: AuditEntry): Promise<void> {
  const now = audit.at;
  // One update of STATS/ROLES (a transaction may touch an item once): minus the old role, plus the new one.
  const deltas: Partial<Record<Role, number>> = {};
  if (from !== 'user') deltas[from] = -1;
  if (to !== 'user') deltas[to] = (deltas[to] ?? 0) + 1;
  const entries = Object.entries(deltas);
  const counters =
    entries.length === 0
      ? []
      : [
          {
            Update: {
              TableName: tableName(),
              Key: keys.roleCounts,
              UpdateExpression: `ADD ${entries.map((_, i) => `#r${i} :d${i}`).join(', ')}`,
              ...(from === 'super_admin' ? { ConditionExpression: '#r0 > :one' } : {}),
              ExpressionAttributeNames: Object.fromEntries(entries.map(([role], i) => [`#r${i}`, role])),
              ExpressionAttributeValues: {
                ...Object.fromEntries(entries.map(([, d], i) => [`:d${i}`, d])),
                ...(from === 'super_admin' ? { ':one': 1 } : {}),
              },
            },
          },
        ];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(userId),
              UpdateExpression: 'SET #role = :to, updatedAt = :now',
              ConditionExpression: 'attribute_exists(PK) AND #role = :from',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now },
            },
          },
          ...counters,
          auditPut(audit),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new RoleChangedError();
    if (from === 'super_admin' && reasons[1]?.Code === 'ConditionalCheckFailed')
      throw new LastSuperAdminError();
    throw error;
  }
}
