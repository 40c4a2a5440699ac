import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Level } from '../../../shared/building/schema';
import type { RenderStyle, VariationNumber } from '../../../shared/domain';
import type { PromptReadingSummary } from '../../../shared/prompt/scene-settings';
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { ExportSize, GenerationStatus, RenderExport } from '../../../shared/schemas/generations';
import { db, tableName } from './client';
import { counterUpdates } from './counters';
import { keys } from './keys';
import { withoutKeys } from './paging';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface GenerationItem {
  id: string;
  projectId: string;
  userId: string;
  prompt: string;
  style: RenderStyle | null;
  fidelity: number;
  fileId: string;
  /**
   * Rendered from the project's building, not the drawing `fileId` alone (that is its lowest level's): the levels
   * as they stood when Prepare ran are kept in `levels`, so every render and export of it shows one building.
   */
  building?: true;
  levels?: Level[];
  /** The camera placed in the viewer (variations 1 and 3 are rendered from it). */
  camera?: SceneCamera;
  /** A refinement: the render it refines and the follow-up words (`prompt` is the whole brief). */
  refines?: { renderId: string; prompt: string };
  renderIds: string[];
  jobIds: string[];
  status: GenerationStatus;
  succeeded: number;
  failed: number;
  analysis: string | null;
  templateId: string | null;
  provider: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** How many times a failed variation was run again (absent before the first retry). */
  attempt?: number;
  /** When the latest run started: the creation, or the latest retry. */
  startedAt?: string;
}

export interface GenerationRenderItem {
  id: string;
  projectId: string;
  userId: string;
  fileId: string;
  /** Rendered from the project's building (see `GenerationItem.building`). */
  building?: true;
  generationId: string;
  jobId: string;
  variation: VariationNumber;
  prompt: string;
  style: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  imageKey?: string | null;
  previewKey?: string | null;
  description?: string | null;
  error?: string | null;
  /** The camera the user chose for it, when one was. */
  camera?: SceneCamera;
  /** Drawn in the style's own projection (isometric, cut-away): the camera on the model nearest to it. */
  viewpoint?: SceneCamera;
  /** What the local renderer understood of the prompt, and the words it had no use for. */
  promptReading?: PromptReadingSummary;
  /** A refinement's render: the render it refines and the follow-up words. */
  refines?: { renderId: string; prompt: string };
  /** How much of the model's geometry the image kept (0–1), when it was made from the model's camera. */
  geometryKept?: number;
  /** It kept less than the `rendering.min_geometry_kept` setting when it was made: it did not keep the design. */
  designLost?: boolean;
  /** High-resolution exports (attributes `export2048`, `export4096`). */
  export2048?: StoredExport;
  export4096?: StoredExport;
  createdAt: string;
  completedAt?: string | null;
}

/** A high-resolution export of a render as stored on it. */
export interface StoredExport {
  status: RenderExport['status'];
  /** The PNG in the renders bucket, once ready. */
  key?: string;
  error?: string;
  requestedAt: string;
}

export const exportAttribute = (size: ExportSize) => `export${size}` as const;

/** Records the state of a render's export of that size (while the render exists). */
export async function setRenderExport(
  render: Pick<GenerationRenderItem, 'projectId' | 'id'>,
  size: ExportSize,
  state: StoredExport,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.render(render.projectId, render.id),
      UpdateExpression: 'SET #export = :state',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#export': exportAttribute(size) },
      ExpressionAttributeValues: { ':state': state },
    }),
  );
}

/** Running generations sit in a sparse GSI1 partition that the reconciler reads; Finalize removes them. */
export const RUNNING_GENERATIONS = 'GENERATIONS#running';

const strip = withoutKeys;

export class LimitError extends Error {
  constructor(readonly limit: 'concurrent' | 'daily') {
    super(limit);
  }
}
export class IdempotencyReplay extends Error {
  constructor(
    readonly generationId: string,
    readonly projectId: string,
  ) {
    super('replay');
  }
}

export interface NewGeneration {
  generation: GenerationItem;
  renders: GenerationRenderItem[];
  jobs: Record<string, unknown>[];
  idempotencyKey?: string;
  limits: { maxConcurrent: number; perDay: number };
}

const DAY_SECONDS = 86_400;

/**
 * One transaction writes the generation, its 3 renders (pending) and 3 jobs (queued), the idempotency record,
 * the user's quota (running and today's count, both conditional) and every counter they move.
 */
export async function insertGeneration(input: NewGeneration): Promise<void> {
  const { generation, renders, jobs } = input;
  const now = generation.createdAt;
  const today = now.slice(0, 10);
  const epoch = Math.floor(Date.parse(now) / 1000);
  const n = renders.length;
  const items: TransactItem[] = [];
  const idempotencyIndex = input.idempotencyKey ? 0 : -1;
  if (input.idempotencyKey) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.idempotency(generation.userId, input.idempotencyKey),
          type: 'idempotency',
          generationId: generation.id,
          projectId: generation.projectId,
          createdAt: now,
          ttl: epoch + DAY_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  const concurrentIndex = items.length;
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.usage(generation.userId),
      UpdateExpression: 'ADD running :one',
      ConditionExpression: 'attribute_not_exists(running) OR running < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': input.limits.maxConcurrent },
    },
  });
  const dailyIndex = items.length;
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.dailyUsage(generation.userId, today),
      UpdateExpression: 'ADD generations :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(generations) OR generations < :max',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':max': input.limits.perDay, ':ttl': epoch + 2 * DAY_SECONDS },
    },
  });
  items.push({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.generation(generation.projectId, generation.id),
        GSI1PK: RUNNING_GENERATIONS,
        GSI1SK: `${now}#${generation.id}`,
        type: 'generation',
        ...generation,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
  for (const render of renders) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...keys.render(render.projectId, render.id), type: 'render', ...render },
      },
    });
  }
  for (const job of jobs) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.job(generation.projectId, job.id as string),
          GSI1PK: 'JOBS',
          GSI1SK: `${now}#${job.id}`,
          type: 'job',
          ...job,
        },
      },
    });
  }
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.project(generation.projectId),
      UpdateExpression: 'ADD renderCount :n SET #status = :processing, lastGenerationId = :generation',
      ConditionExpression: 'attribute_exists(PK) AND userId = :owner',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':n': n,
        ':owner': generation.userId,
        ':processing': 'processing',
        ':generation': generation.id,
      },
    },
  });
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.profile(generation.userId),
      UpdateExpression: 'ADD renderCount :n',
      ExpressionAttributeValues: { ':n': n },
    },
  });
  items.push(
    ...counterUpdates(tableName(), { generations: 1, renders: n, jobs: n, jobsQueued: n }, new Date(now)),
  );

  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (!reasons) throw error;
    const failed = (i: number) => i >= 0 && reasons[i]?.Code === 'ConditionalCheckFailed';
    if (failed(idempotencyIndex)) {
      const existing = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.idempotency(generation.userId, input.idempotencyKey!),
        }),
      );
      if (existing.Item) throw new IdempotencyReplay(existing.Item.generationId, existing.Item.projectId);
    }
    if (failed(concurrentIndex)) throw new LimitError('concurrent');
    if (failed(dailyIndex)) throw new LimitError('daily');
    throw error;
  }
}

export async function getGeneration(projectId: string, generationId: string): Promise<GenerationItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.generation(projectId, generationId) }),
  );
  return Item ? strip<GenerationItem>(Item) : null;
}

export async function getRenders(projectId: string, renderIds: string[]): Promise<GenerationRenderItem[]> {
  if (renderIds.length === 0) return [];
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: renderIds.map((id) => keys.render(projectId, id)) } },
    }),
  );
  const found = (Responses?.[tableName()] ?? []).map((i) => strip<GenerationRenderItem>(i));
  return renderIds.map((id) => found.find((r) => r.id === id)).filter((r): r is GenerationRenderItem => !!r);
}

/** Render and job settle together, once: the condition on the render's status makes a retried task a no-op. */
async function settleRender(
  render: GenerationRenderItem,
  outcome:
    | {
        status: 'completed';
        imageKey: string;
        previewKey: string;
        description: string;
        outputData: Record<string, unknown>;
        camera?: SceneCamera;
        viewpoint?: SceneCamera;
        reading?: PromptReadingSummary;
        geometryKept?: number;
        designLost?: boolean;
      }
    | { status: 'failed'; error: string },
): Promise<boolean> {
  const now = new Date().toISOString();
  const completed = outcome.status === 'completed';
  const renderUpdate = completed
    ? {
        UpdateExpression: `SET #status = :status, imageKey = :image, previewKey = :preview, description = :description, completedAt = :now${outcome.camera ? ', camera = :camera' : ''}${outcome.viewpoint ? ', viewpoint = :viewpoint' : ''}${outcome.reading ? ', promptReading = :reading' : ''}${outcome.geometryKept !== undefined ? ', geometryKept = :kept' : ''}${outcome.designLost ? ', designLost = :lost' : ''}`,
        ExpressionAttributeValues: {
          ':status': 'completed',
          ':image': outcome.imageKey,
          ':preview': outcome.previewKey,
          ':description': outcome.description,
          ...(outcome.camera ? { ':camera': outcome.camera } : {}),
          ...(outcome.viewpoint ? { ':viewpoint': outcome.viewpoint } : {}),
          ...(outcome.reading ? { ':reading': outcome.reading } : {}),
          ...(outcome.geometryKept !== undefined ? { ':kept': outcome.geometryKept } : {}),
          ...(outcome.designLost ? { ':lost': true } : {}),
          ':now': now,
          ':pending': 'pending',
          ':processing': 'processing',
        },
      }
    : {
        UpdateExpression: 'SET #status = :status, #error = :error, completedAt = :now',
        ExpressionAttributeValues: {
          ':status': 'failed',
          ':error': outcome.error,
          ':now': now,
          ':pending': 'pending',
          ':processing': 'processing',
        },
      };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.render(render.projectId, render.id),
              ...renderUpdate,
              ConditionExpression: '#status IN (:pending, :processing)',
              ExpressionAttributeNames: completed
                ? { '#status': 'status' }
                : { '#status': 'status', '#error': 'error' },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.job(render.projectId, render.jobId),
              UpdateExpression: completed
                ? 'SET #status = :status, outputData = :output, completedAt = :now'
                : 'SET #status = :status, #error = :error, completedAt = :now',
              ExpressionAttributeNames: completed
                ? { '#status': 'status' }
                : { '#status': 'status', '#error': 'error' },
              ExpressionAttributeValues: completed
                ? { ':status': 'completed', ':output': outcome.outputData, ':now': now }
                : { ':status': 'failed', ':error': outcome.error, ':now': now },
            },
          },
          ...counterUpdates(
            tableName(),
            completed
              ? { rendersCompleted: 1, jobsQueued: -1, jobsCompleted: 1 }
              : { rendersFailed: 1, jobsQueued: -1, jobsFailed: 1 },
          ),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export const completeRender = (
  render: GenerationRenderItem,
  result: {
    imageKey: string;
    previewKey: string;
    description: string;
    outputData: Record<string, unknown>;
    /** The camera on the 3D model the image was made from. */
    camera?: SceneCamera;
    /** Or, drawn in the style's own projection, the camera on the model nearest to it. */
    viewpoint?: SceneCamera;
    reading?: PromptReadingSummary;
    geometryKept?: number;
    designLost?: boolean;
  },
) => settleRender(render, { status: 'completed', ...result });

export const failRender = (render: GenerationRenderItem, error: string) =>
  settleRender(render, { status: 'failed', error });

/**
 * Closes a running generation once: its status and outcome, the user's running quota, and — when it is the
 * project's latest generation — the project: completed (a render succeeded; its preview becomes the project's
 * thumbnail, or the project holds renders of earlier generations) or failed (it holds none). Returns false when it
 * was closed already.
 */
export async function closeGeneration(
  generation: GenerationItem,
  outcome: { succeeded: number; failed: number; thumbnailKey?: string | null; projectHoldsRenders?: boolean },
): Promise<boolean> {
  const now = new Date().toISOString();
  const status: GenerationStatus = outcome.succeeded > 0 ? 'completed' : 'failed';
  const projectStatus: GenerationStatus = outcome.projectHoldsRenders ? 'completed' : status;
  const projectSet = ['#status = :status', 'updatedAt = :now', 'GSI1SK = :gsi'];
  if (outcome.thumbnailKey) projectSet.push('thumbnailKey = :thumbnail');
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.generation(generation.projectId, generation.id),
        UpdateExpression:
          'SET #status = :status, succeeded = :s, failed = :f, finishedAt = :now REMOVE GSI1PK, GSI1SK',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':s': outcome.succeeded,
          ':f': outcome.failed,
          ':now': now,
          ':running': 'running',
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.usage(generation.userId),
        UpdateExpression: 'ADD running :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.project(generation.projectId),
        UpdateExpression: `SET ${projectSet.join(', ')}`,
        // A newer generation owns the project's status: an older one finishing later changes nothing there.
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lastGenerationId) OR lastGenerationId = :generation)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': projectStatus,
          ':now': now,
          ':gsi': keys.projectIndex(generation.userId, now, generation.projectId).GSI1SK,
          ':generation': generation.id,
          ...(outcome.thumbnailKey ? { ':thumbnail': outcome.thumbnailKey } : {}),
        },
      },
    },
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      // The project was deleted, or a newer generation owns it: close without the project update.
      if (reasons[0]?.Code === 'None' && reasons[2]?.Code === 'ConditionalCheckFailed') {
        await db()
          .send(new TransactWriteCommand({ TransactItems: items.slice(0, 2) }))
          .catch(() => undefined);
        return true;
      }
      return false;
    }
    throw error;
  }
}

export class RetryConflict extends Error {}

/**
 * Runs one failed variation of a closed generation again: the render and its job go back to pending/queued, the
 * generation reopens (attempt + 1, back on the running index) and the project becomes its latest generation,
 * processing; the quota counts it like a new generation. One transaction: a second retry of the same render (or
 * of another while this one runs) is refused by the conditions.
 */
export async function reopenForRetry(
  generation: GenerationItem,
  render: GenerationRenderItem,
  limits: { maxConcurrent: number; perDay: number },
): Promise<GenerationItem> {
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const epoch = Math.floor(Date.parse(now) / 1000);
  const attempt = (generation.attempt ?? 0) + 1;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.generation(generation.projectId, generation.id),
        UpdateExpression:
          'SET #status = :running, attempt = :attempt, startedAt = :now, finishedAt = :null, GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression:
          '#status IN (:completed, :failed) AND (attribute_not_exists(attempt) OR attempt = :previous)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':attempt': attempt,
          ':previous': attempt - 1,
          ':now': now,
          ':null': null,
          ':pk': RUNNING_GENERATIONS,
          ':sk': `${now}#${generation.id}`,
          ':completed': 'completed',
          ':failed': 'failed',
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.render(render.projectId, render.id),
        UpdateExpression: 'SET #status = :pending REMOVE #error, completedAt',
        ConditionExpression: '#status = :failed',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':pending': 'pending', ':failed': 'failed' },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.job(render.projectId, render.jobId),
        UpdateExpression: 'SET #status = :queued REMOVE #error, completedAt',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':queued': 'queued' },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.usage(generation.userId),
        UpdateExpression: 'ADD running :one',
        ConditionExpression: 'attribute_not_exists(running) OR running < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': limits.maxConcurrent },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.dailyUsage(generation.userId, today),
        UpdateExpression: 'ADD generations :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(generations) OR generations < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': limits.perDay, ':ttl': epoch + 2 * DAY_SECONDS },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.project(generation.projectId),
        UpdateExpression: 'SET #status = :processing, lastGenerationId = :generation',
        ConditionExpression: 'attribute_exists(PK) AND userId = :owner',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':generation': generation.id,
          ':owner': generation.userId,
        },
      },
    },
    // The render is no longer failed: the running totals move back (a day's counts keep what happened that day).
    counterUpdates(tableName(), { rendersFailed: -1, jobsFailed: -1, jobsQueued: 1 })[0]!,
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (!reasons) throw error;
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    if (failed(0) || failed(1) || failed(5)) throw new RetryConflict('not retryable now');
    if (failed(3)) throw new LimitError('concurrent');
    if (failed(4)) throw new LimitError('daily');
    throw error;
  }
  return { ...generation, status: 'running', attempt, startedAt: now, finishedAt: null };
}

export async function setGenerationFields(
  generation: Pick<GenerationItem, 'projectId' | 'id'>,
  fields: Partial<Pick<GenerationItem, 'analysis' | 'templateId' | 'provider' | 'levels'>>,
): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  if (sets.length === 0) return;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.generation(generation.projectId, generation.id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      ],
    }),
  );
}

/** Generations still marked running, oldest first (the sparse index the reconciler reads). */
export async function listRunningGenerations(limit = 100): Promise<GenerationItem[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': RUNNING_GENERATIONS },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((i) => strip<GenerationItem>(i));
}
