/**
 * One-off migration to the project status that follows generations (draft → processing → completed | failed).
 * Before it, a project became "processing" after its first successful render and stayed so; one whose renders all
 * failed stayed "draft". Each project not yet migrated (no `lastGenerationId`) gets the status of its latest
 * generation and, when that one has a completed render, its preview as the thumbnail.
 *
 * Reads users from the profiles index and their projects from the owner index (no Scan); idempotent (a migrated
 * project is skipped, and the write is conditional on it still being unmigrated).
 *   Local cloud: runs once at start-up.   AWS: `TABLE_NAME=<table> npm run migrate:project-status`
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectStatus } from '../../shared/schemas/projects';
import { db, tableName } from '../lib/db/client';
import { type GenerationItem, type GenerationRenderItem, getRenders } from '../lib/db/generations';
import { keys, SK_PREFIX } from '../lib/db/keys';
import type { ProjectItem } from '../lib/db/projects';

type Key = Record<string, unknown>;

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Key[]> {
  const items: Key[] = [];
  let startKey: Key | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const byIndex = (partition: string) =>
  queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  });

/** The status a project's generations give it, and the thumbnail of the latest one that produced a render. */
export function statusFromGenerations(generations: Pick<GenerationItem, 'id' | 'status' | 'createdAt'>[]): {
  status: ProjectStatus;
  latest: string | null;
} {
  const latest = [...generations].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!latest) return { status: 'draft', latest: null };
  const status: ProjectStatus =
    latest.status === 'running' ? 'processing' : latest.status === 'completed' ? 'completed' : 'failed';
  return { status, latest: latest.id };
}

async function migrateProject(project: ProjectItem): Promise<boolean> {
  const generations = (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :gen)',
      ExpressionAttributeValues: { ':pk': keys.projectPartition(project.id), ':gen': SK_PREFIX.generation },
    })
  ).map((g) => g as unknown as GenerationItem);
  const { status, latest } = statusFromGenerations(generations);
  const newestWithRender = generations
    .filter((g) => g.status === 'completed')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  let thumbnailKey: string | undefined;
  if (!project.thumbnailKey && newestWithRender) {
    const renders: GenerationRenderItem[] = await getRenders(project.id, newestWithRender.renderIds);
    thumbnailKey = renders
      .sort((a, b) => a.variation - b.variation)
      .find((r) => r.status === 'completed' && r.previewKey)?.previewKey as string | undefined;
  }
  const set = ['#status = :status', 'lastGenerationId = :latest'];
  if (thumbnailKey) set.push('thumbnailKey = :thumbnail');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.project(project.id),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(lastGenerationId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          // A project without generations is marked migrated with an empty id.
          ':latest': latest ?? '',
          ...(thumbnailKey ? { ':thumbnail': thumbnailKey } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Migrates every project not yet migrated; answers how many were examined and changed. */
export async function migrateProjectStatuses(): Promise<{ projects: number; migrated: number }> {
  let projects = 0;
  let migrated = 0;
  for (const profile of await byIndex(keys.profilesPartition)) {
    const userId = String(profile.id ?? '');
    if (!userId) continue;
    for (const item of await byIndex(keys.userProjectsPartition(userId))) {
      if (item.type !== 'project' || item.lastGenerationId !== undefined) continue;
      projects++;
      if (await migrateProject(item as unknown as ProjectItem)) migrated++;
    }
  }
  return { projects, migrated };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrateProjectStatuses().then(
    (result) => console.log(`project statuses: ${result.migrated} of ${result.projects} migrated`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
