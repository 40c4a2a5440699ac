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
}

const toProfile = (item: Record<string, unknown>): Profile => ({
  id: item.id as string,
  email: item.email as string,
  role: item.role as Role,
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
  lastActivityAt: item.lastActivityAt as string | undefined,
});

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

/** Records activity at most once per interval: the condition makes a busy user cost one failed write a minute. */
export async function touchActivity(userId: string, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS).toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: 'SET lastActivityAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lastActivityAt) OR lastActivityAt < :cutoff)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
