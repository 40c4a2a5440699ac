import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AuditEntry, auditPut } from './audit';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryPartition, withoutKeys } from './paging';

export interface TemplateItem {
  id: string;
  name: string;
  category: string;
  template: string;
  variables: string[];
  isActive: boolean;
  /** Generations that used the template. */
  usageCount: number;
  /** Renders that completed / failed under it: the success rate is derived from these. */
  successCount: number;
  failureCount: number;
  createdAt: string;
  updatedAt: string;
}

export const successRateOf = (t: Pick<TemplateItem, 'successCount' | 'failureCount'>): number => {
  const total = (t.successCount ?? 0) + (t.failureCount ?? 0);
  return total === 0 ? 0 : Math.round(((t.successCount ?? 0) / total) * 1000) / 10;
};

/** All templates, newest first (ids are time-sortable). A small, bounded partition: one Query. */
export async function listTemplates(): Promise<TemplateItem[]> {
  const items = await queryPartition(keys.templatesPartition, { newestFirst: true });
  return items.map((i) => withoutKeys<TemplateItem>(i));
}

/** The active template of a category most recently updated, or null. */
export async function getActiveTemplate(category: string): Promise<TemplateItem | null> {
  const active = (await listTemplates()).filter((t) => t.isActive && t.category === category);
  active.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return active[0] ?? null;
}

/** Called once per generation by the workflow's Finalize: usage +1 and the renders' outcomes. */
export async function recordTemplateOutcome(
  templateId: string,
  succeeded: number,
  failed: number,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.template(templateId),
        UpdateExpression: 'ADD usageCount :one, successCount :s, failureCount :f',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':s': succeeded, ':f': failed },
      }),
    );
  } catch (error) {
    // The template may have been deleted while the generation ran.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export async function getTemplate(templateId: string): Promise<TemplateItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.template(templateId) }),
  );
  return Item ? withoutKeys<TemplateItem>(Item) : null;
}

export type TemplateFields = Pick<TemplateItem, 'name' | 'category' | 'template' | 'variables' | 'isActive'>;

/** A new template (usage and outcomes start at 0) and its audit entry, in one transaction. */
export async function createTemplate(
  item: TemplateItem,
  audit: (template: TemplateItem) => AuditEntry,
): Promise<TemplateItem> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.template(item.id), type: 'template', ...item },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        auditPut(audit(item)),
      ],
    }),
  );
  return item;
}

/**
 * Writes only the given fields and stamps updatedAt (usage and outcomes stay as the pipeline keeps them), with
 * its audit entry. Null when the template does not exist.
 */
export async function updateTemplate(
  templateId: string,
  patch: Partial<TemplateFields>,
  audit: (before: TemplateItem, after: TemplateItem) => AuditEntry,
  now = new Date(),
): Promise<TemplateItem | null> {
  const current = await getTemplate(templateId);
  if (!current) return null;
  const sets: Record<string, unknown> = { ...patch, updatedAt: now.toISOString() };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(sets).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const next: TemplateItem = { ...current, ...patch, updatedAt: now.toISOString() };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.template(templateId),
              UpdateExpression: `SET ${parts.join(', ')}`,
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          auditPut(audit(current, next)),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException' && !(await getTemplate(templateId)))
      return null;
    throw error;
  }
  return (await getTemplate(templateId)) ?? next;
}

/** Deletes a template with its audit entry; false when there was none. */
export async function deleteTemplate(
  templateId: string,
  audit: (before: TemplateItem) => AuditEntry,
): Promise<boolean> {
  const current = await getTemplate(templateId);
  if (!current) return false;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.template(templateId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          auditPut(audit(current)),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException' && !(await getTemplate(templateId)))
      return false;
    throw error;
  }
}
