import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '../errors';
import { newId } from '../ids';
import { db, tableName } from './client';
import { keys } from './keys';
import { encodeCursor, withoutKeys } from './paging';

export type AuditAction =
  | 'user.role.update'
  | 'template.create'
  | 'template.update'
  | 'template.delete'
  | 'setting.create'
  | 'setting.update'
  | 'setting.delete';

/** Who did what, when: one entry per admin mutation, written in the mutation's own transaction. */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: 'user' | 'template' | 'setting';
  targetId: string;
  /** The target's fields before and after (null when created / deleted). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface Actor {
  userId: string;
  email: string;
}

export type AuditInput = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'before' | 'after'>;

export function auditEntry(actor: Actor, input: AuditInput, now = new Date()): AuditEntry {
  return {
    id: newId(now.getTime()),
    at: now.toISOString(),
    actorId: actor.userId,
    actorEmail: actor.email,
    ...input,
  };
}

/** The audit entry as a TransactWriteItems Put, so the entry exists exactly when the change does. */
export function auditPut(entry: AuditEntry) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.audit(entry.at, entry.id), type: 'audit', ...entry },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** For changes made outside DynamoDB (none yet): a standalone write. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db().send(new PutCommand(auditPut(entry).Put));
}

function decodeAuditCursor(cursor: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key.PK === keys.auditPartition && typeof key.SK === 'string' && Object.keys(key).length === 2)
      return key;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

/** The audit log, newest first, a page at a time (for the console's future audit screen). */
export async function listAudit(
  options: { cursor?: string; limit?: number } = {},
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const limit = options.limit ?? 50;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditPartition },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: options.cursor ? decodeAuditCursor(options.cursor) : undefined,
    }),
  );
  const items = (page.Items ?? []).map((item) => withoutKeys<AuditEntry>(item));
  return {
    items,
    nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null,
  };
}
