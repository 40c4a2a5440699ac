/**
 * Expires uploads never completed, on the local cloud (in AWS a DynamoDB TTL removes their items and an S3
 * lifecycle rule on `incoming/` their objects, so nothing runs there): file items still `uploading` a day after
 * they were created, and any object left under `incoming/` that long — also one a presigned POST wrote after its
 * project was deleted. Neither was ever counted, so no counter moves.
 */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { UPLOAD_EXPIRY_SECONDS } from '../lib/db/projects';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { incomingKeyOf, s3 } from '../lib/storage';

const log = logger.child({ task: 'sweep-uploads' });

async function expireItems(cutoff: string, scope: string): Promise<number> {
  let expired = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :cutoff',
        ...(scope ? { FilterExpression: 'begins_with(storagePath, :scope)' } : {}),
        ExpressionAttributeValues: {
          ':pk': keys.pendingUploadsPartition,
          ':cutoff': cutoff,
          ...(scope ? { ':scope': scope } : {}),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      try {
        await db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            // Completed meanwhile: it stays.
            ConditionExpression: '#status = :uploading',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':uploading': 'uploading' },
          }),
        );
        expired++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
      if (typeof item.storagePath === 'string') await deleteKeys([incomingKeyOf(item.storagePath)]);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return expired;
}

async function deleteKeys(objectKeys: string[]): Promise<void> {
  if (objectKeys.length === 0) return;
  await s3().send(
    new DeleteObjectsCommand({
      Bucket: env.uploadsBucket,
      Delete: { Objects: objectKeys.map((Key) => ({ Key })), Quiet: true },
    }),
  );
}

async function expireObjects(cutoff: number, scope: string): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({
        Bucket: env.uploadsBucket,
        Prefix: incomingKeyOf(scope),
        ContinuationToken: token,
      }),
    );
    const old = (page.Contents ?? [])
      .filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < cutoff)
      .map((o) => o.Key!);
    await deleteKeys(old);
    removed += old.length;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

/**
 * `olderThanSeconds` (a day by default) and `scope` (a storage-path prefix such as `<userId>/`, everything by
 * default) narrow what is expired: for tests, and for an operator clearing one user's uploads.
 */
export async function handler(
  options: { now?: number; olderThanSeconds?: number; scope?: string } = {},
): Promise<{ items: number; objects: number }> {
  const now = options.now ?? Date.now();
  const cutoff = now - (options.olderThanSeconds ?? UPLOAD_EXPIRY_SECONDS) * 1000;
  const scope = options.scope ?? '';
  const items = await expireItems(new Date(cutoff).toISOString(), scope);
  const objects = await expireObjects(cutoff, scope);
  if (items || objects) log.info('expired uploads never completed', { items, objects });
  return { items, objects };
}
