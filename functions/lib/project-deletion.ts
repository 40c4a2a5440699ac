/**
 * Deleting a project: its stored objects (drawings, previews, renders and their exports) and then its items (the
 * project, files, generations, renders, share, counters). Objects go first: a failure leaves the items, so a retry
 * finds and removes everything.
 */
import { MODEL_FORMATS } from '../../shared/schemas/projects';
import type { Caller } from './auth';
import { deleteProjectItems } from './db/projects';
import { env } from './env';
import { buildingModelKey, fileRenderKeys } from './generation/drawing-store';
import type { Logger } from './logger';
import { ownedProjectBundle, renderObjectKeys } from './project-views';
import { deleteObjects, incomingKeyOf } from './storage';

/** Deletes the caller's project and everything stored for it (404 for anyone else's). */
export async function deleteProject(
  caller: Caller,
  projectId: string | undefined,
  log: Logger,
): Promise<void> {
  const bundle = await ownedProjectBundle(caller, projectId);
  await deleteObjects(env.rendersBucket, [
    ...bundle.renders.flatMap(renderObjectKeys),
    ...bundle.files.flatMap(fileRenderKeys),
    ...MODEL_FORMATS.map((format) => buildingModelKey(bundle.project.id, format)),
  ]);
  await deleteObjects(
    env.uploadsBucket,
    bundle.files.flatMap((f) => [f.storagePath, incomingKeyOf(f.storagePath)]),
  );
  await deleteProjectItems(bundle);
  log.info('project deleted', {
    projectId: bundle.project.id,
    files: bundle.files.length,
    renders: bundle.renders.length,
  });
}
