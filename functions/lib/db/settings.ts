import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  isKnownSetting,
  KNOWN_SETTINGS,
  type KnownSettingKey,
  type KnownSettingValue,
} from '../../../shared/schemas/settings';
import { type AuditEntry, auditPut } from './audit';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryPartition, withoutKeys } from './paging';

export interface SettingItem {
  key: string;
  value: unknown;
  description: string | null;
  category: string;
  updatedAt: string;
  updatedBy?: string;
}

export async function getSettingItem(key: string): Promise<SettingItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.setting(key) }));
  return Item ? withoutKeys<SettingItem>(Item) : null;
}

/**
 * A known setting's effective value: the stored one when it is valid, else the default (a bad stored value
 * never breaks a request path).
 */
export async function getSetting<K extends KnownSettingKey>(key: K): Promise<KnownSettingValue<K>> {
  const item = await getSettingItem(key);
  if (item && isKnownSetting(key)) {
    const parsed = KNOWN_SETTINGS[key].schema.safeParse(item.value);
    if (parsed.success) return parsed.data as KnownSettingValue<K>;
  }
  return KNOWN_SETTINGS[key].default as KnownSettingValue<K>;
}

/** Every stored setting, ordered by key (the sort key): one Query on a small partition. */
export async function listSettings(): Promise<SettingItem[]> {
  return (await queryPartition(keys.settingsPartition)).map((i) => withoutKeys<SettingItem>(i));
}

export class SettingExistsError extends Error {
  constructor(key: string) {
    super(`A setting with the key "${key}" already exists`);
    this.name = 'SettingExistsError';
  }
}

/** A new setting with its audit entry; SettingExistsError when the key is taken. */
export async function createSetting(item: SettingItem, audit: AuditEntry): Promise<SettingItem> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.setting(item.key), type: 'setting', ...item },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          auditPut(audit),
        ],
      }),
    );
    return item;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new SettingExistsError(item.key);
    throw error;
  }
}

/**
 * Replaces a stored setting's value, description and category (the key never changes) with its audit entry,
 * only if it was not changed since `expectedUpdatedAt` was read; null when it no longer exists.
 */
export async function replaceSetting(
  next: SettingItem,
  expectedUpdatedAt: string | undefined,
  audit: AuditEntry,
): Promise<SettingItem | null> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.setting(next.key), type: 'setting', ...next },
              ...(expectedUpdatedAt
                ? {
                    ConditionExpression: 'attribute_exists(PK) AND updatedAt = :expected',
                    ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
                  }
                : { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(updatedAt)' }),
            },
          },
          auditPut(audit),
        ],
      }),
    );
    return next;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') {
      if (!(await getSettingItem(next.key))) return null;
      throw new SettingChangedError(next.key);
    }
    throw error;
  }
}

export class SettingChangedError extends Error {
  constructor(key: string) {
    super(`The setting "${key}" was changed by someone else; reload and try again`);
    this.name = 'SettingChangedError';
  }
}

/** Deletes a setting with its audit entry (a known key reverts to its default); false when there was none. */
export async function deleteSetting(key: string, audit: AuditEntry): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.setting(key),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          auditPut(audit),
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Writes each known setting with its default when the key is not stored yet (never overwrites). */
export async function ensureDefaultSettings(now = new Date()): Promise<string[]> {
  const written: string[] = [];
  for (const [key, known] of Object.entries(KNOWN_SETTINGS)) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.setting(key),
            type: 'setting',
            key,
            value: known.default,
            description: known.description,
            category: known.category,
            updatedAt: now.toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      written.push(key);
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return written;
}
