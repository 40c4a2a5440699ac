import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  isKnownSetting,
  KNOWN_SETTINGS,
  type KnownSettingKey,
  type KnownSettingValue,
} from '../../../shared/schemas/settings';
import { db, tableName } from './client';
import { keys } from './keys';

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
  if (!Item) return null;
  const { PK: _pk, SK: _sk, type: _t, ...rest } = Item;
  return rest as SettingItem;
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
