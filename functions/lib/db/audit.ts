import { newId } from '../ids';
import { tableName } from './client';
import { keys } from './keys';

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
