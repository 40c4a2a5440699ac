import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/constants';
import { ACTIVITY_WRITE_INTERVAL_MS } from '../../../shared/constants';
import { db, tableName } from './client';
import { counterUpdates } from './counters';
import { keys } from './keys';

export interface Profile {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
  lastActivityAt?: string;
  /** Kept by ADD in the transactions that write what they count. */
  projectCount?: number;
  renderCount?: number;
  fileCount?: number;
  storageBytes?: number;
}

export const toProfile = (item: Record<string, unknown>): Profile => ({
  id: item.id as string,
  email: item.email as string,
  role: item.role as Role,
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
  lastActivityAt: item.lastActivityAt as string | undefined,
  projectCount: Number(item.projectCount ?? 0),
  renderCount: Number(item.renderCount ?? 0),
  fileCount: Number(item.fileCount ?? 0),
  storageBytes: Number(item.storageBytes ?? 0),
});

/** The update that counts a profile holding an elevated role (STATS/ROLES): none for plain users. */
export function roleCountUpdate(tableName: string, role: Role, delta: number) {
  if (role === 'user') return [];
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.roleCounts,
        UpdateExpression: 'ADD #role :delta',
        ExpressionAttributeNames: { '#role': role },
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
  ];
}

/** The UTC day of an instant, as the DAY#<yyyy-mm-dd> counter buckets name it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Per-day counter on STATS/DAY#<d>: how many users were last active on day d. Each user counts on exactly one
 * day (the day of their latest request), so the distinct users active in any window of days is the sum of the
 * window's buckets: O(days) reads, whatever the number of users.
 */
export const LAST_ACTIVE_COUNTER = 'lastActiveUsers';

export async function getProfile(userId: string): Promise<Profile | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }));
  return Item ? toProfile(Item) : null;
}

/**
 * Writes the profile once, with the user counters, in one transaction; a second call (a retried trigger) finds
 * the profile there and returns it unchanged.
 */
export async function createProfile(input: { id: string; email: string; role: Role }): Promise<Profile> {
  const now = new Date().toISOString();
  const profile: Profile = { ...input, email: input.email.toLowerCase(), createdAt: now, updatedAt: now };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.profile(profile.id),
                ...keys.profileIndex(now, profile.id),
                type: 'profile',
                ...profile,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...counterUpdates(tableName(), { users: 1 }, new Date(now)),
          ...roleCountUpdate(tableName(), profile.role, 1),
        ],
      }),
    );
    return profile;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') {
      const existing = await getProfile(profile.id);
      if (existing) return existing;
    }
    throw error;
  }
}

/**
 * Records activity at most once per interval: the condition makes a busy user cost one failed write a minute.
 * On a user's first request of a UTC day it also moves them to today's last-active bucket (moveActiveDay).
 */
export async function touchActivity(userId: string, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS).toISOString();
  let previous: Record<string, unknown> | undefined;
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: 'SET lastActivityAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lastActivityAt) OR lastActivityAt < :cutoff)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff },
        ReturnValues: 'ALL_OLD',
      }),
    );
    previous = result.Attributes;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return;
  }
  const today = dayOf(now);
  const from = typeof previous?.lastActiveDay === 'string' ? previous.lastActiveDay : undefined;
  if (from && from >= today) return;
  await moveActiveDay(userId, from, today);
}

/**
 * Moves a user from the last-active bucket of `from` (none on their first activity) to `to`, in one transaction
 * conditioned on the profile still saying `from`: concurrent requests move a user once, and a move that failed
 * is retried by the next activity write (the profile still holds the old day).
 */
export async function moveActiveDay(userId: string, from: string | undefined, to: string): Promise<boolean> {
  const bucket = (day: string, delta: number) => ({
    Update: {
      TableName: tableName(),
      Key: keys.stats(`DAY#${day}`),
      UpdateExpression: 'ADD #n :d',
      ExpressionAttributeNames: { '#n': LAST_ACTIVE_COUNTER },
      ExpressionAttributeValues: { ':d': delta },
    },
  });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(userId),
              UpdateExpression: 'SET lastActiveDay = :to',
              ConditionExpression: from
                ? 'lastActiveDay = :from'
                : 'attribute_exists(PK) AND attribute_not_exists(lastActiveDay)',
              ExpressionAttributeValues: from ? { ':to': to, ':from': from } : { ':to': to },
            },
          },
          ...(from ? [bucket(from, -1)] : []),
          bucket(to, 1),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}
