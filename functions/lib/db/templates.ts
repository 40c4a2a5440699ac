import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

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

const strip = (item: Record<string, unknown>): TemplateItem => {
  const { PK: _pk, SK: _sk, type: _t, ...rest } = item;
  return rest as unknown as TemplateItem;
};

/** All templates, newest first (ids are time-sortable). A small, bounded partition: one Query. */
export async function listTemplates(): Promise<TemplateItem[]> {
  const items: TemplateItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.templatesPartition },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map(strip));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
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
