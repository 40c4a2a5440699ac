import {
  BatchGetCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { badRequest } from '../errors';
import { db, tableName } from './client';

type Key = Record<string, unknown>;

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A GSI1 page cursor: exactly the four key attributes, in the expected partition (else 400). */
export function decodeIndexCursor(cursor: string, partition: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Key;
    const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 1024;
    const valid =
      nonEmpty(key.PK) &&
      nonEmpty(key.SK) &&
      key.GSI1PK === partition &&
      nonEmpty(key.GSI1SK) &&
      Object.keys(key).length === 4;
    if (valid) return key;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

export interface IndexFilter {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * One page of a GSI1 partition, newest first: a single Query. With filters DynamoDB counts items read, not
 * matched, so it reads further to usually fill the page; the cursor is the key of the last item returned (or
 * where the read stopped), so pages never skip or repeat.
 */
export async function queryIndexPage(options: {
  partition: string;
  filters: IndexFilter[];
  cursor?: string;
  limit: number;
}): Promise<{ items: Key[]; nextCursor: string | null }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': options.partition };
  for (const f of options.filters) {
    Object.assign(names, f.names ?? {});
    Object.assign(values, f.values ?? {});
  }
  const filtered = options.filters.length > 0;
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    Limit: filtered ? Math.max(options.limit * 8, 200) : options.limit + 1,
    ExclusiveStartKey: options.cursor ? decodeIndexCursor(options.cursor, options.partition) : undefined,
  };
  if (filtered) input.FilterExpression = options.filters.map((f) => `(${f.expression})`).join(' AND ');
  if (Object.keys(names).length) input.ExpressionAttributeNames = names;
  let page: QueryCommandOutput;
  try {
    page = await db().send(new QueryCommand(input));
  } catch (error) {
    // A well-formed cursor whose key DynamoDB cannot start from is still the client's mistake.
    if (options.cursor && (error as Error).name === 'ValidationException') throw badRequest('Invalid cursor');
    throw error;
  }
  const found = page.Items ?? [];
  const items = found.slice(0, options.limit);
  const more = found.length > options.limit || (filtered && page.LastEvaluatedKey !== undefined);
  let nextCursor: string | null = null;
  if (more) {
    const last = found.length > options.limit ? items[items.length - 1] : undefined;
    const key = last
      ? { PK: last.PK, SK: last.SK, GSI1PK: last.GSI1PK, GSI1SK: last.GSI1SK }
      : (page.LastEvaluatedKey as Key);
    nextCursor = encodeCursor(key);
  }
  return { items, nextCursor };
}

/** GetItem for many keys (BatchGetItem, 100 keys a call, unprocessed keys retried); missing items are absent. */
export async function batchGet(keys: Key[], attributes?: string[]): Promise<Key[]> {
  const projection = attributes
    ? {
        ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
      }
    : {};
  const out: Key[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Key[] = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchGetItem kept returning unprocessed keys');
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projection } } }),
      );
      out.push(...(result.Responses?.[tableName()] ?? []));
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return out;
}

/** An item as the repositories hand it out: without the table's key attributes and the item type. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, type: _type, ...rest } = item;
  return rest as T;
}

/** Every item of one partition (a small, bounded one), following pages past 1 MB. */
export async function queryPartition(pk: string, options: { newestFirst?: boolean } = {}): Promise<Key[]> {
  const items: Key[] = [];
  let startKey: Key | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: !options.newestFirst,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
