import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileType } from '../../../shared/domain';
import type { PlanCorrections, PlanStatus, PlanVerdict } from '../../../shared/plan/schema';
import type { PromptReadingSummary } from '../../../shared/prompt/scene-settings';
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { RenderStatus } from '../../../shared/schemas/generations';
import type { FileStatus, ProjectStatus } from '../../../shared/schemas/projects';
import { newId } from '../ids';
import { db, tableName } from './client';
import { counterUpdates } from './counters';
import type { StoredExport } from './generations';
import { keys, SK_PREFIX } from './keys';
import { type IndexFilter, queryIndexPage, queryPartition, withoutKeys } from './paging';

export interface ProjectItem {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  tags: string[];
  settings: Record<string, unknown>;
  status: ProjectStatus;
  thumbnailKey?: string | null;
  /** The generation that sets the status (the latest started, or retried); '' once migrated without one. */
  lastGenerationId?: string;
  fileCount: number;
  renderCount: number;
  shareToken?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FileItem {
  id: string;
  projectId: string;
  userId: string;
  name: string;
  originalName: string;
  fileType: FileType;
  contentType: string;
  sizeBytes: number;
  status: FileStatus;
  storagePath: string;
  previewKey?: string | null;
  error?: string;
  createdAt: string;
  /** The plan model's state (absent for files uploaded before plans were read on upload). */
  planStatus?: PlanStatus;
  /** Why the plan failed or holds no walls, for the user. */
  planMessage?: string;
  /** The plan check's verdict on the stored plan (absent while it is read, and on plans read before the check). */
  planVerdict?: PlanVerdict;
  /** The user's corrections, applied every time the plan is read. */
  planCorrections?: PlanCorrections;
  /**
   * The user's edits to the plan, kept as chunks (plan-store.ts): their ids in order, the first holding every edit
   * made before it. Absent on files edited before edits were chunked, whose edits are one object.
   */
  planEditChunks?: string[];
  /** The plan's version: one more with every read and every correction (the plan's ETag). */
  planRevision?: number;
  planUpdatedAt?: string;
  /**
   * The other views or pages of the drawing read as plans of other storeys (`page-3`…), each stored beside the
   * plan; absent until they were looked for (at the first read).
   */
  storeyViews?: string[];
}

export interface RenderItem {
  id: string;
  projectId: string;
  userId: string;
  fileId: string | null;
  /** Rendered from the project's building (every level), not the drawing `fileId` alone. */
  building?: true;
  generationId?: string;
  variation?: number;
  prompt: string;
  style: string | null;
  status: RenderStatus;
  imageKey?: string | null;
  previewKey?: string | null;
  error?: string | null;
  /** The camera the user chose in the 3D viewer, when one was. */
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
  /** High-resolution exports (`exportAttribute`). */
  export2048?: StoredExport;
  export4096?: StoredExport;
  createdAt: string;
}

export interface JobItem {
  id: string;
  projectId: string;
  status: string;
  [key: string]: unknown;
}

export interface ProjectBundle {
  project: ProjectItem;
  files: FileItem[];
  renders: RenderItem[];
  jobs: JobItem[];
  generations: { id: string; status: string; userId: string }[];
}

const strip = <T>(item: Record<string, unknown>): T => {
  const { searchText: _s, ...rest } = item;
  return withoutKeys<T>(rest);
};

/** Lower-cased title, tags and description: what dashboard search matches against. */
export const searchTextOf = (p: Pick<ProjectItem, 'title' | 'tags' | 'description'>) =>
  [p.title, ...p.tags, p.description ?? ''].join('\n').toLowerCase();

export async function createProject(
  userId: string,
  input: { title: string; description: string | null; tags: string[] },
): Promise<ProjectItem> {
  const now = new Date().toISOString();
  const project: ProjectItem = {
    id: newId(),
    userId,
    title: input.title,
    description: input.description,
    tags: input.tags,
    settings: {},
    status: 'draft',
    thumbnailKey: null,
    lastGenerationId: '',
    fileCount: 0,
    renderCount: 0,
    shareToken: null,
    createdAt: now,
    updatedAt: now,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.project(project.id),
              ...keys.projectIndex(userId, now, project.id),
              type: 'project',
              searchText: searchTextOf(project),
              ...project,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(userId),
            UpdateExpression: 'ADD projectCount :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        ...counterUpdates(tableName(), { projects: 1 }),
      ],
    }),
  );
  return project;
}

export async function getProject(projectId: string): Promise<ProjectItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.project(projectId) }));
  return Item ? strip<ProjectItem>(Item) : null;
}

/** One Query returns the project with its files, renders and jobs (paged past 1 MB). */
export async function getProjectBundle(projectId: string): Promise<ProjectBundle | null> {
  const items = await queryPartition(keys.projectPartition(projectId));
  const projectItem = items.find((i) => i.SK === 'PROJECT');
  if (!projectItem) return null;
  const bySk = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  // Ids are time-sortable, so SK order is creation order; newest first for the screens.
  return {
    project: strip<ProjectItem>(projectItem),
    files: bySk(SK_PREFIX.file)
      .map((i) => strip<FileItem>(i))
      .reverse(),
    renders: bySk(SK_PREFIX.render)
      .map((i) => strip<RenderItem>(i))
      .reverse(),
    jobs: bySk(SK_PREFIX.job)
      .map((i) => strip<JobItem>(i))
      .reverse(),
    generations: bySk(SK_PREFIX.generation)
      .map((i) => strip<ProjectBundle['generations'][number]>(i))
      .reverse(),
  };
}

/**
 * The owner's projects, newest updatedAt first: one Query on GSI1 per page. Filters (status, search) run in the
 * same Query; the cursor is the key of the last project returned, so pages never skip or repeat.
 */
export async function listProjects(
  userId: string,
  options: { status: ProjectStatus | 'all'; q?: string; cursor?: string; limit: number },
): Promise<{ items: ProjectItem[]; nextCursor: string | null }> {
  const filters: IndexFilter[] = [];
  if (options.status !== 'all') {
    filters.push({
      expression: '#status = :status',
      names: { '#status': 'status' },
      values: { ':status': options.status },
    });
  }
  const q = options.q?.trim().toLowerCase();
  if (q) filters.push({ expression: 'contains(searchText, :q)', values: { ':q': q } });
  const page = await queryIndexPage({
    partition: keys.userProjectsPartition(userId),
    filters,
    cursor: options.cursor,
    limit: options.limit,
  });
  return { items: page.items.map((i) => strip<ProjectItem>(i)), nextCursor: page.nextCursor };
}

/** Writes only the given fields, stamps updatedAt, and only for the owner (else null). */
export async function updateProject(
  projectId: string,
  userId: string,
  patch: Partial<Pick<ProjectItem, 'title' | 'description' | 'tags' | 'settings'>>,
): Promise<ProjectItem | null> {
  const current = await getProject(projectId);
  if (!current || current.userId !== userId) return null;
  const now = new Date().toISOString();
  const next = { ...current, ...patch, updatedAt: now };
  const sets: Record<string, unknown> = {
    ...patch,
    updatedAt: now,
    searchText: searchTextOf(next),
    ...keys.projectIndex(userId, now, projectId),
  };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':owner': userId };
  const parts = Object.entries(sets).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  names['#userId'] = 'userId';
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.project(projectId),
        UpdateExpression: `SET ${parts.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND #userId = :owner',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip<ProjectItem>(Attributes!);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

async function batchDelete(items: { PK: string; SK: string }[]) {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      if (requests.length && attempt > 8) throw new Error('DynamoDB kept items unprocessed');
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/**
 * Removes renders, then files, then jobs and the project (with its share link) in the order the spec gives,
 * and moves the counters by what was removed. Storage objects are the caller's to delete first.
 */
export async function deleteProjectItems(bundle: ProjectBundle): Promise<void> {
  const { project, files, renders, jobs } = bundle;
  await batchDelete(renders.map((r) => keys.render(project.id, r.id)));
  await batchDelete(files.map((f) => keys.file(project.id, f.id)));
  await batchDelete(jobs.map((j) => keys.job(project.id, j.id)));
  await batchDelete(bundle.generations.map((g) => keys.generation(project.id, g.id)));
  await batchDelete([keys.building(project.id)]);
  const running = bundle.generations.filter((g) => g.status === 'running').length;
  const uploaded = files.filter((f) => f.status === 'uploaded');
  const deltas: Record<string, number> = {
    projects: -1,
    files: -uploaded.length,
    storageBytes: -uploaded.reduce((sum, f) => sum + f.sizeBytes, 0),
    renders: -renders.length,
    rendersCompleted: -renders.filter((r) => r.status === 'completed').length,
    rendersFailed: -renders.filter((r) => r.status === 'failed').length,
    jobs: -jobs.length,
    jobsQueued: -jobs.filter((j) => j.status === 'queued' || j.status === 'processing').length,
    jobsCompleted: -jobs.filter((j) => j.status === 'completed').length,
    jobsFailed: -jobs.filter((j) => j.status === 'failed').length,
  };
  const nonZero = Object.fromEntries(Object.entries(deltas).filter(([, v]) => v !== 0));
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.project(project.id) } },
        ...(project.shareToken
          ? [{ Delete: { TableName: tableName(), Key: keys.share(project.shareToken) } }]
          : []),
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(project.userId),
            UpdateExpression: 'ADD projectCount :p, renderCount :r, storageBytes :b, fileCount :f',
            ExpressionAttributeValues: {
              ':p': -1,
              ':r': -renders.length,
              ':b': deltas.storageBytes,
              ':f': -uploaded.length,
            },
          },
        },
        // Only the totals: the day buckets record what happened on their day.
        ...(Object.keys(nonZero).length ? [counterUpdates(tableName(), nonZero)[0]!] : []),
        // A generation still running would never give its quota back: its Finalize finds nothing to close.
        ...(running
          ? [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.usage(project.userId),
                  UpdateExpression: 'ADD running :minus',
                  ExpressionAttributeValues: { ':minus': -running },
                },
              },
            ]
          : []),
      ],
    }),
  );
}

/** An upload not completed within a day expires: its item (TTL) and its object under incoming/ (lifecycle). */
export const UPLOAD_EXPIRY_SECONDS = 86_400;

export async function createFile(item: Omit<FileItem, 'id' | 'createdAt' | 'status'>): Promise<FileItem> {
  const file: FileItem = { ...item, id: newId(), status: 'uploading', createdAt: new Date().toISOString() };
  const expires = Math.floor(Date.parse(file.createdAt) / 1000) + UPLOAD_EXPIRY_SECONDS;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.file(file.projectId, file.id),
              ...keys.pendingUploadIndex(file.createdAt, file.projectId, file.id),
              type: 'file',
              ttl: expires,
              ...file,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.project(file.projectId),
            ConditionExpression: 'attribute_exists(PK) AND userId = :owner',
            ExpressionAttributeValues: { ':owner': file.userId },
          },
        },
      ],
    }),
  );
  return file;
}

export async function getFile(projectId: string, fileId: string): Promise<FileItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.file(projectId, fileId) }),
  );
  return Item ? strip<FileItem>(Item) : null;
}

/**
 * Marks an uploading file uploaded and counts it (project fileCount, storage, totals) in one transaction;
 * a repeated call finds it uploaded already and changes nothing.
 */
export async function markFileUploaded(
  file: FileItem,
  update: { sizeBytes: number; fileType: FileType },
): Promise<{ file: FileItem; counted: boolean }> {
  const now = new Date().toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.file(file.projectId, file.id),
              // Completed: no longer expires, off the pending uploads index.
              UpdateExpression:
                'SET #status = :uploaded, sizeBytes = :size, fileType = :type, uploadedAt = :now REMOVE GSI1PK, GSI1SK, #ttl',
              ConditionExpression: '#status = :uploading',
              ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':uploaded': 'uploaded',
                ':uploading': 'uploading',
                ':size': update.sizeBytes,
                ':type': update.fileType,
                ':now': now,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.project(file.projectId),
              UpdateExpression: 'ADD fileCount :one SET updatedAt = :now, GSI1SK = :gsi',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: {
                ':one': 1,
                ':now': now,
                ':gsi': keys.projectIndex(file.userId, now, file.projectId).GSI1SK,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(file.userId),
              UpdateExpression: 'ADD storageBytes :size, fileCount :one',
              ExpressionAttributeValues: { ':size': update.sizeBytes, ':one': 1 },
            },
          },
          ...counterUpdates(tableName(), { files: 1, storageBytes: update.sizeBytes }),
        ],
      }),
    );
    return { file: { ...file, ...update, status: 'uploaded' }, counted: true };
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const current = await getFile(file.projectId, file.id);
    if (current?.status === 'uploaded') return { file: current, counted: false };
    throw error;
  }
}

export async function markFileError(file: FileItem, message: string): Promise<FileItem> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.file(file.projectId, file.id),
      // Refused: kept (to say why) until it expires, off the pending uploads index.
      UpdateExpression: 'SET #status = :error, #error = :message REMOVE GSI1PK, GSI1SK',
      ConditionExpression: '#status = :uploading',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: { ':error': 'error', ':message': message, ':uploading': 'uploading' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip<FileItem>(Attributes!);
}

/**
 * Records the plan's state on the file and counts a new revision of the plan. `processing` clears any message; a read
 * that finished writes its outcome only while the file still exists. With `expectedRevision`, only while the plan is
 * still at that revision: otherwise it throws `ConditionalCheckFailedException` and writes nothing.
 */
export async function setFilePlanState(
  file: Pick<FileItem, 'projectId' | 'id'>,
  state: {
    status: PlanStatus;
    message?: string;
    verdict?: PlanVerdict;
    previewKey?: string;
    corrections?: PlanCorrections;
    /** The plan's edit chunks from now on (see `FileItem.planEditChunks`). */
    editChunks?: string[];
    expectedRevision?: number;
  },
): Promise<number> {
  const names: Record<string, string> = { '#planStatus': 'planStatus', '#revision': 'planRevision' };
  const values: Record<string, unknown> = {
    ':status': state.status,
    ':now': new Date().toISOString(),
    ':one': 1,
  };
  const set = ['#planStatus = :status', 'planUpdatedAt = :now'];
  const remove: string[] = [];
  if (state.message) {
    set.push('planMessage = :message');
    values[':message'] = state.message;
  } else remove.push('planMessage');
  if (state.verdict) {
    set.push('planVerdict = :verdict');
    values[':verdict'] = state.verdict;
  } else remove.push('planVerdict');
  if (state.previewKey) {
    set.push('previewKey = :preview');
    values[':preview'] = state.previewKey;
  }
  if (state.corrections) {
    set.push('planCorrections = :corrections');
    values[':corrections'] = state.corrections;
  }
  if (state.editChunks) {
    set.push('planEditChunks = :chunks');
    values[':chunks'] = state.editChunks;
  }
  let condition = 'attribute_exists(PK)';
  if (state.expectedRevision !== undefined) {
    values[':expected'] = state.expectedRevision;
    condition +=
      state.expectedRevision === 0
        ? ' AND (attribute_not_exists(#revision) OR #revision = :expected)'
        : ' AND #revision = :expected';
  }
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.file(file.projectId, file.id),
      UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''} ADD #revision :one`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.planRevision ?? 0);
}

/**
 * Records the verdict of the plan at `revision` (a correction writes its plan's state first and its verdict once
 * the plan is checked); a plan written since has recorded its own, so then nothing is written.
 */
export async function setFilePlanVerdict(
  file: Pick<FileItem, 'projectId' | 'id'>,
  verdict: PlanVerdict | undefined,
  revision: number,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.file(file.projectId, file.id),
        UpdateExpression: verdict ? 'SET planVerdict = :verdict' : 'REMOVE planVerdict',
        ConditionExpression: 'attribute_exists(PK) AND planRevision = :revision',
        ExpressionAttributeValues: { ':revision': revision, ...(verdict ? { ':verdict': verdict } : {}) },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Records which other views of the file were read as storeys' plans (their plans are stored already). */
export async function setFileStoreyViews(
  file: Pick<FileItem, 'projectId' | 'id'>,
  viewIds: readonly string[],
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.file(file.projectId, file.id),
      UpdateExpression: 'SET storeyViews = :views',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':views': [...viewIds] },
    }),
  );
}

export interface ShareItem {
  token: string;
  projectId: string;
  userId: string;
  createdAt: string;
}

/**
 * One live link per project: the share item and the project's pointer to it are written together. When a
 * concurrent request won the race, its token is the answer.
 */
export async function createShare(project: ProjectItem, token: string): Promise<string> {
  const share: ShareItem = {
    token,
    projectId: project.id,
    userId: project.userId,
    createdAt: new Date().toISOString(),
  };
  try {
    await writeShare(project, share);
    return token;
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const current = await getProject(project.id);
    if (current?.shareToken) return current.shareToken;
    throw error;
  }
}

async function writeShare(project: ProjectItem, share: ShareItem) {
  const token = share.token;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.share(token), type: 'share', ...share },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.project(project.id),
            UpdateExpression: 'SET shareToken = :token',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(shareToken) OR shareToken = :none)',
            ExpressionAttributeValues: { ':token': token, ':none': null },
          },
        },
      ],
    }),
  );
}

export async function revokeShare(project: ProjectItem): Promise<void> {
  if (!project.shareToken) return;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.share(project.shareToken) } },
        {
          Update: {
            TableName: tableName(),
            Key: keys.project(project.id),
            UpdateExpression: 'SET shareToken = :none',
            ConditionExpression: 'shareToken = :token',
            ExpressionAttributeValues: { ':token': project.shareToken, ':none': null },
          },
        },
      ],
    }),
  );
}

export async function getShare(token: string): Promise<ShareItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.share(token) }));
  return Item ? strip<ShareItem>(Item) : null;
}

/** The project's picture before any render: a drawing's thumbnail, when it has none yet. */
export async function setThumbnailIfNone(projectId: string, thumbnailKey: string): Promise<void> {
  await ignoreConditionFailure(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.project(projectId),
        UpdateExpression: 'SET thumbnailKey = :thumbnail',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(thumbnailKey) OR thumbnailKey = :null)',
        ExpressionAttributeValues: { ':thumbnail': thumbnailKey, ':null': null },
      }),
    ),
  );
}

/** The file's preview (its normalised drawing's PNG), once it exists; nothing when the file is gone. */
export async function setFilePreviewKey(
  projectId: string,
  fileId: string,
  previewKey: string,
): Promise<void> {
  await ignoreConditionFailure(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.file(projectId, fileId),
        UpdateExpression: 'SET previewKey = :preview',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':preview': previewKey },
      }),
    ),
  );
}

/** A deleted drawing's thumbnail stops being the project's picture (a render's stays). */
export async function clearThumbnail(projectId: string, thumbnailKey: string): Promise<void> {
  await ignoreConditionFailure(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.project(projectId),
        UpdateExpression: 'REMOVE thumbnailKey',
        ConditionExpression: 'thumbnailKey = :thumbnail',
        ExpressionAttributeValues: { ':thumbnail': thumbnailKey },
      }),
    ),
  );
}

async function ignoreConditionFailure(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Removes a file item; an uploaded one stops counting (project, owner, totals) in the same transaction. */
export async function deleteFileItem(file: FileItem): Promise<void> {
  const uploaded = file.status === 'uploaded';
  const now = new Date().toISOString();
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.file(file.projectId, file.id),
            ConditionExpression: '#status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': file.status },
          },
        },
        ...(uploaded
          ? [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.project(file.projectId),
                  UpdateExpression: 'ADD fileCount :minus SET updatedAt = :now, GSI1SK = :gsi',
                  ExpressionAttributeValues: {
                    ':minus': -1,
                    ':now': now,
                    ':gsi': keys.projectIndex(file.userId, now, file.projectId).GSI1SK,
                  },
                },
              },
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.profile(file.userId),
                  UpdateExpression: 'ADD storageBytes :size, fileCount :minus',
                  ExpressionAttributeValues: { ':size': -file.sizeBytes, ':minus': -1 },
                },
              },
              counterUpdates(tableName(), { files: -1, storageBytes: -file.sizeBytes })[0]!,
            ]
          : []),
      ],
    }),
  );
}
