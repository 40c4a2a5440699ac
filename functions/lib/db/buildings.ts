/** A project's saved building (its levels), one item in the project's partition, versioned for If-Match. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { buildingSchema, type Level } from '../../../shared/building/schema';
import { db, tableName } from './client';
import { keys } from './keys';

export interface SavedBuilding {
  levels: Level[];
  revision: number;
}

/** The saved building, or null when the user has saved none (or it no longer parses). */
export async function getBuilding(projectId: string): Promise<SavedBuilding | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.building(projectId) }));
  if (!Item) return null;
  const parsed = buildingSchema.safeParse({ levels: Item.levels });
  return parsed.success ? { levels: parsed.data.levels, revision: Number(Item.revision ?? 0) } : null;
}

export class StaleBuildingError extends Error {
  constructor() {
    super('The building changed since it was loaded');
    this.name = 'StaleBuildingError';
  }
}

/**
 * Saves the levels and answers the new revision (one more than the last). With `expectedRevision`, only over that
 * version (0: only when none is saved yet); otherwise a StaleBuildingError and nothing written.
 */
export async function saveBuilding(
  projectId: string,
  levels: readonly Level[],
  expectedRevision?: number,
): Promise<number> {
  const condition =
    expectedRevision === undefined
      ? {}
      : expectedRevision === 0
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#revision = :expected',
            ExpressionAttributeValues: { ':expected': expectedRevision },
          };
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.building(projectId),
        UpdateExpression: 'SET #levels = :levels, updatedAt = :now ADD #revision :one',
        ...condition,
        ExpressionAttributeNames: { '#levels': 'levels', '#revision': 'revision' },
        ExpressionAttributeValues: {
          ':levels': levels,
          ':now': new Date().toISOString(),
          ':one': 1,
          ...('ExpressionAttributeValues' in condition ? condition.ExpressionAttributeValues : {}),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.revision ?? 1);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new StaleBuildingError();
    throw error;
  }
}
