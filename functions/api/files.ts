import { filesApi } from '../../shared/api/files';
import { MAX_FILE_BYTES } from '../../shared/constants';
import { placeholderPlan } from '../../shared/plan/placeholder';
import type { PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { buildingToGlb, sceneToGlb } from '../../shared/scene/gltf';
import { buildingToIfc, sceneToIfc } from '../../shared/scene/ifc';
import { callerFrom } from '../lib/auth';
import { projectBuilding, projectBuildingScene, saveProjectBuilding } from '../lib/building/project-building';
import { checkContent } from '../lib/content-check';
import {
  clearThumbnail,
  createFile,
  deleteFileItem,
  type FileItem,
  getFile,
  markFileError,
  markFileUploaded,
  setFilePlanState,
} from '../lib/db/projects';
import { env } from '../lib/env';
import { AppError, conflict, notFound } from '../lib/errors';
import {
  buildingModelKey,
  fileRenderKeys,
  fileThumbnailKey,
  modelKey,
} from '../lib/generation/drawing-store';
import { createHttpHandler, json, noContent } from '../lib/http';
import type { Logger } from '../lib/logger';
import { correctPlan } from '../lib/plan/correct-plan';
import { planEditKeys } from '../lib/plan/plan-key';
import { planReadInProgress } from '../lib/plan/plan-state';
import {
  loadDrawingLines,
  loadPlan,
  storeyHeightOf,
  storeyPlan,
  withStoreyHeight,
} from '../lib/plan/plan-store';
import { ifMatchRevision, planEtag } from '../lib/plan/revision';
import { startPlanReading } from '../lib/plan/start-reading';
import { isId, ownedProject, ownedProjectBundle, toFile } from '../lib/project-views';
import {
  copyObject,
  deleteObjects,
  downloadName,
  incomingKeyOf,
  objectSize,
  presignDownload,
  presignUpload,
  readHead,
  safeFileName,
  writeObject,
} from '../lib/storage';

/** Enough of the head of a file to recognise every accepted format (DXF by its opening structure). */
const HEAD_BYTES = 64 * 1024;

async function ownedFile(
  event: Parameters<typeof callerFrom>[0],
  params: Record<string, string | undefined>,
) {
  // Both reads at once (one round trip instead of two); the file is only answered once the project is the caller's.
  const [project, file] = await Promise.all([
    ownedProject(callerFrom(event), params.projectId),
    isId(params.projectId) && isId(params.fileId) ? getFile(params.projectId, params.fileId) : null,
  ]);
  if (!file) throw notFound('File not found');
  return { project, file };
}

/** A plan answer: the plan with its revision, which is also its ETag. */
const planReply = (plan: PlanModel, revision: number) =>
  json(200, { plan: { ...plan, revision } }, { ETag: planEtag(revision) });

/** The answer while a plan is being read. */
const processingPlan = (file: FileItem) => placeholderPlan(file.originalName, 'processing');

/** Marks the file's plan as being read and starts reading it; a lost start is retried by the next GET. */
async function readPlanAgain(
  file: FileItem,
  log: Logger,
  corrections?: FileItem['planCorrections'],
  editChunks?: string[],
) {
  await setFilePlanState(file, {
    status: 'processing',
    ...(corrections ? { corrections } : {}),
    ...(editChunks ? { editChunks } : {}),
  });
  try {
    await startPlanReading(file.projectId, file.id);
  } catch (error) {
    log.warn('could not start reading the plan; the next request retries', { fileId: file.id, error });
  }
}

export const handler = createHttpHandler(filesApi, {
  'POST /api/projects/{projectId}/files': async ({ event, params, body }) => {
    const caller = callerFrom(event);
    const project = await ownedProject(caller, params.projectId);
    const input = body();
    const name = `${Date.now()}-${safeFileName(input.name)}`;
    const storagePath = `${caller.userId}/${project.id}/${name}`;
    const file = await createFile({
      projectId: project.id,
      userId: caller.userId,
      name,
      originalName: input.name,
      fileType: 'other',
      contentType: input.contentType,
      sizeBytes: input.size,
      storagePath,
    });
    const upload = await presignUpload({
      bucket: env.uploadsBucket,
      key: incomingKeyOf(storagePath),
      contentType: input.contentType,
      maxBytes: MAX_FILE_BYTES,
    });
    return json(201, { file: await toFile(file), upload });
  },

  'POST /api/projects/{projectId}/files/{fileId}/complete': async ({ event, params, log }) => {
    const { file } = await ownedFile(event, params);
    if (file.status === 'uploaded') return json(200, await toFile(file));
    if (file.status === 'error') throw new AppError('UNPROCESSABLE', file.error ?? 'This upload failed');

    // The upload waits under incoming/; a completion that died after copying it finds it in place already.
    const incoming = incomingKeyOf(file.storagePath);
    let source = incoming;
    let size = await objectSize(env.uploadsBucket, incoming);
    if (size === null) {
      source = file.storagePath;
      size = await objectSize(env.uploadsBucket, source);
    }
    if (size === null) throw new AppError('CONFLICT', `${file.originalName} has not been uploaded yet`);
    const reject = async (code: 'UNPROCESSABLE' | 'PAYLOAD_TOO_LARGE', message: string) => {
      await deleteObjects(env.uploadsBucket, [incoming, file.storagePath]);
      await markFileError(file, message);
      log.warn('upload rejected', { fileId: file.id, reason: message });
      return new AppError(code, message);
    };
    if (size > MAX_FILE_BYTES)
      throw await reject('PAYLOAD_TOO_LARGE', `${file.originalName} is larger than 100 MB`);
    if (size === 0) throw await reject('UNPROCESSABLE', `${file.originalName} is empty`);
    const verdict = checkContent(
      file.originalName,
      await readHead(env.uploadsBucket, source, Math.min(size, HEAD_BYTES)),
      size > HEAD_BYTES,
    );
    if (!verdict.ok) throw await reject('UNPROCESSABLE', verdict.reason);

    if (source === incoming) {
      await copyObject(env.uploadsBucket, incoming, file.storagePath);
      await deleteObjects(env.uploadsBucket, [incoming]);
    }
    // The preview comes from the plan read, which decodes the file (a bounded WebP for images).
    const result = await markFileUploaded(file, { sizeBytes: size, fileType: verdict.fileType });
    await readPlanAgain(result.file, log);
    return json(200, await toFile({ ...result.file, planStatus: 'processing' }));
  },

  'DELETE /api/projects/{projectId}/files/{fileId}': async ({ event, params }) => {
    const { file } = await ownedFile(event, params);
    // Objects first: if this fails the item stays, so a retry finds and removes everything.
    await deleteObjects(env.uploadsBucket, [file.storagePath, incomingKeyOf(file.storagePath)]);
    await deleteObjects(env.rendersBucket, fileRenderKeys(file));
    try {
      await deleteFileItem(file);
      await clearThumbnail(file.projectId, fileThumbnailKey(file.id));
    } catch (error) {
      // Its status changed meanwhile (an upload completed): the caller may try again.
      if ((error as Error).name === 'TransactionCanceledException')
        throw conflict('The file changed; please try again');
      throw error;
    }
    return noContent();
  },

  'GET /api/projects/{projectId}/files/{fileId}/plan': async ({ event, params, log, query }) => {
    const { file } = await ownedFile(event, params);
    const { view } = query();
    if (file.status !== 'uploaded') throw notFound('File not found');
    if (view) return planReply(await storeyPlan(file, view), file.planRevision ?? 0);
    if (planReadInProgress(file)) return planReply(processingPlan(file), file.planRevision ?? 0);
    const plan = file.planStatus && file.planStatus !== 'processing' ? await loadPlan(file.id) : null;
    if (plan) return planReply(await withStoreyHeight(plan), file.planRevision ?? 0);
    // Never read (uploaded before plans were read on upload), lost, or stuck: read it now.
    await readPlanAgain(file, log);
    return planReply(processingPlan(file), (file.planRevision ?? 0) + 1);
  },

  'GET /api/projects/{projectId}/files/{fileId}/plan/lines': async ({ event, params }) => {
    const { file } = await ownedFile(event, params);
    if (file.status !== 'uploaded') throw notFound('File not found');
    return json(200, { lines: await loadDrawingLines(file.id) });
  },

  'PATCH /api/projects/{projectId}/files/{fileId}/plan': async ({ event, params, log, body }) => {
    const { file } = await ownedFile(event, params);
    const patch = body();
    if (file.status !== 'uploaded') throw notFound('File not found');
    // The default storey height is asked for meanwhile: the answer needs it when the drawing states none.
    const [outcome, defaultHeight] = await Promise.all([
      correctPlan(file, patch, ifMatchRevision(event.headers)),
      storeyHeightOf(null),
    ]);
    if (outcome.kind === 'read-again') {
      await readPlanAgain(file, log, outcome.corrections, outcome.editChunks);
      // The edits kept before (a reset, or all of them kept as one) go once the file names the new ones.
      if (outcome.editChunks) await deleteObjects(env.rendersBucket, planEditKeys(file));
      return planReply(processingPlan(file), (file.planRevision ?? 0) + 1);
    }
    const { plan } = outcome;
    return planReply({ ...plan, storeyHeight: plan.storeyHeight ?? defaultHeight }, outcome.revision);
  },

  'GET /api/projects/{projectId}/files/{fileId}/model': async ({ event, params, query }) => {
    const { file } = await ownedFile(event, params);
    const { format } = query();
    if (file.status !== 'uploaded') throw notFound('File not found');
    if (planReadInProgress(file)) throw conflict('The plan is still being read; try again in a moment');
    const plan = await loadPlan(file.id);
    if (plan?.status !== 'ready' || plan.walls.length === 0)
      throw new AppError(
        'UNPROCESSABLE',
        plan?.message ?? 'No walls were read from this drawing, so there is no 3D model to export.',
      );
    const key = modelKey(file.id, format);
    const baseName = file.originalName.replace(/\.[^.]*$/, '');
    const scene = buildScene(await withStoreyHeight(plan));
    if (format === 'ifc')
      await writeObject(
        env.rendersBucket,
        key,
        Buffer.from(sceneToIfc(scene, { name: baseName })),
        'application/x-step',
      );
    else await writeObject(env.rendersBucket, key, Buffer.from(sceneToGlb(scene)), 'model/gltf-binary');
    const fileName = downloadName(`${baseName}-model.${format}`);
    const url = await presignDownload(env.rendersBucket, key, fileName);
    return json(200, { url, fileName, expiresIn: 300 });
  },

  'GET /api/projects/{projectId}/building': async ({ event, params }) => {
    const { building } = await projectBuilding(await ownedProjectBundle(callerFrom(event), params.projectId));
    return json(200, { building }, { ETag: planEtag(building.revision) });
  },

  'PUT /api/projects/{projectId}/building': async ({ event, params, body }) => {
    const bundle = await ownedProjectBundle(callerFrom(event), params.projectId);
    const { levels } = body();
    // Every level was just checked against the project's plans: the saved levels are the building, as they are.
    const revision = await saveProjectBuilding(bundle, levels, ifMatchRevision(event.headers));
    const building = { levels, proposed: false, revision, warnings: [] };
    return json(200, { building }, { ETag: planEtag(revision) });
  },

  'GET /api/projects/{projectId}/building/model': async ({ event, params, query }) => {
    const bundle = await ownedProjectBundle(callerFrom(event), params.projectId);
    const { format } = query();
    const building = await projectBuildingScene(bundle);
    const key = buildingModelKey(bundle.project.id, format);
    const name = bundle.project.title;
    if (format === 'ifc')
      await writeObject(
        env.rendersBucket,
        key,
        Buffer.from(buildingToIfc(building, { name })),
        'application/x-step',
      );
    else await writeObject(env.rendersBucket, key, Buffer.from(buildingToGlb(building)), 'model/gltf-binary');
    const fileName = downloadName(`${name}-building.${format}`);
    const url = await presignDownload(env.rendersBucket, key, fileName);
    return json(200, { url, fileName, expiresIn: 300 });
  },

  'GET /api/projects/{projectId}/files/{fileId}/download': async ({ event, params }) => {
    const { file } = await ownedFile(event, params);
    if (file.status !== 'uploaded') throw notFound('File not found');
    const fileName = downloadName(file.originalName);
    const url = await presignDownload(env.uploadsBucket, file.storagePath, fileName);
    return json(200, { url, fileName, expiresIn: 300 });
  },
});
