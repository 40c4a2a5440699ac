import { EXPORT_SIZES, type RenderExports } from '../../shared/schemas/generations';
import type {
  ProjectDetail,
  ProjectFile,
  ProjectRender,
  ProjectSummary,
  PublicProject,
} from '../../shared/schemas/projects';
import type { Caller } from './auth';
import { exportAttribute } from './db/generations';
import {
  type FileItem,
  getProject,
  getProjectBundle,
  type ProjectBundle,
  type ProjectItem,
  type RenderItem,
} from './db/projects';
import { env } from './env';
import { notFound } from './errors';
import { presignView } from './storage';

const PROJECT_NOT_FOUND = 'Project not found';
const ID_PATTERN = /^[0-9a-z]{26}$/;

/** The project if the caller owns it; anyone else gets the same 404 as for a project that does not exist. */
export async function ownedProject(caller: Caller, projectId: string | undefined): Promise<ProjectItem> {
  if (!projectId || !ID_PATTERN.test(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const project = await getProject(projectId);
  if (!project || project.userId !== caller.userId) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

export async function ownedProjectBundle(
  caller: Caller,
  projectId: string | undefined,
): Promise<ProjectBundle> {
  if (!projectId || !ID_PATTERN.test(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const bundle = await getProjectBundle(projectId);
  if (!bundle || bundle.project.userId !== caller.userId) throw notFound(PROJECT_NOT_FOUND);
  return bundle;
}

export const isId = (value: string | undefined): value is string => !!value && ID_PATTERN.test(value);

export async function toSummary(project: ProjectItem): Promise<ProjectSummary> {
  return {
    id: project.id,
    title: project.title,
    description: project.description ?? null,
    status: project.status,
    tags: project.tags ?? [],
    settings: project.settings ?? {},
    thumbnailUrl: project.thumbnailKey ? await presignView(env.rendersBucket, project.thumbnailKey) : null,
    fileCount: project.fileCount ?? 0,
    renderCount: project.renderCount ?? 0,
    shared: !!project.shareToken,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

async function previewOf(file: FileItem): Promise<string | null> {
  return file.previewKey ? presignView(env.rendersBucket, file.previewKey) : null;
}

export async function toFile(file: FileItem): Promise<ProjectFile> {
  return {
    id: file.id,
    projectId: file.projectId,
    name: file.name,
    originalName: file.originalName,
    fileType: file.fileType,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    status: file.status,
    storagePath: file.storagePath,
    previewUrl: await previewOf(file),
    ...(file.error ? { error: file.error } : {}),
    createdAt: file.createdAt,
    ...(file.planStatus ? { planStatus: file.planStatus } : {}),
    ...(file.planMessage ? { planMessage: file.planMessage } : {}),
    ...(file.planVerdict ? { planVerdict: file.planVerdict } : {}),
  };
}

export async function toRender(render: RenderItem): Promise<ProjectRender> {
  return {
    id: render.id,
    projectId: render.projectId,
    fileId: render.fileId ?? null,
    ...(render.building ? { building: true } : {}),
    generationId: render.generationId,
    variation: render.variation ?? null,
    prompt: render.prompt,
    style: render.style ?? null,
    status: render.status,
    renderUrl: render.imageKey ? await presignView(env.rendersBucket, render.imageKey, 3600) : null,
    previewUrl: render.previewKey ? await presignView(env.rendersBucket, render.previewKey, 3600) : null,
    error: render.error ?? null,
    camera: render.camera ?? null,
    ...(render.viewpoint ? { viewpoint: render.viewpoint } : {}),
    ...(render.promptReading ? { promptReading: render.promptReading } : {}),
    ...(render.refines ? { refines: render.refines } : {}),
    ...(render.geometryKept !== undefined ? { geometryKept: render.geometryKept } : {}),
    ...(render.designLost ? { designLost: true } : {}),
    ...(render.export2048 || render.export4096 ? { exports: exportsOf(render) } : {}),
    createdAt: render.createdAt,
  };
}

/** A render's exports as the client sees them: state and, when failed, why (no storage keys). */
function exportsOf(render: RenderItem): RenderExports {
  const out: RenderExports = {};
  for (const size of EXPORT_SIZES) {
    const stored = render[exportAttribute(size)];
    if (stored) out[`${size}`] = { status: stored.status, ...(stored.error ? { error: stored.error } : {}) };
  }
  return out;
}

/** Every renders-bucket object a render owns: its image, preview and high-resolution exports. */
export const renderObjectKeys = (render: RenderItem): string[] =>
  [
    render.imageKey,
    render.previewKey,
    ...EXPORT_SIZES.map((size) => render[exportAttribute(size)]?.key),
  ].filter((k): k is string => !!k);

export async function toDetail(bundle: ProjectBundle): Promise<ProjectDetail> {
  return {
    ...(await toSummary(bundle.project)),
    files: await Promise.all(bundle.files.map(toFile)),
    renders: await Promise.all(bundle.renders.map(toRender)),
  };
}

/** Newest generation first (as stored), and within a generation its variations in order: 1, 2, 3. */
export function inShowingOrder<T extends Pick<RenderItem, 'id' | 'generationId' | 'variation'>>(
  renders: T[],
): T[] {
  const groups = new Map<string, T[]>();
  for (const render of renders) {
    const key = render.generationId ?? render.id;
    groups.set(key, [...(groups.get(key) ?? []), render]);
  }
  return [...groups.values()].flatMap((group) =>
    [...group].sort((a, b) => (a.variation ?? 0) - (b.variation ?? 0)),
  );
}

/** What a share link shows: no e-mails, user ids or storage keys. */
export async function toPublic(bundle: ProjectBundle): Promise<PublicProject> {
  const files = bundle.files.filter((f) => f.status === 'uploaded');
  return {
    title: bundle.project.title,
    description: bundle.project.description ?? null,
    tags: bundle.project.tags ?? [],
    thumbnailUrl: bundle.project.thumbnailKey
      ? await presignView(env.rendersBucket, bundle.project.thumbnailKey)
      : null,
    files: await Promise.all(
      files.map(async (f) => ({
        id: f.id,
        name: f.originalName,
        fileType: f.fileType,
        sizeBytes: f.sizeBytes,
        previewUrl: await previewOf(f),
        ...(f.planStatus ? { planStatus: f.planStatus } : {}),
        createdAt: f.createdAt,
      })),
    ),
    renders: await Promise.all(
      inShowingOrder(bundle.renders.filter((r) => r.status === 'completed')).map(async (r) => ({
        id: r.id,
        prompt: r.prompt,
        style: r.style ?? null,
        imageUrl: r.imageKey ? await presignView(env.rendersBucket, r.imageKey) : null,
        previewUrl: r.previewKey ? await presignView(env.rendersBucket, r.previewKey) : null,
        createdAt: r.createdAt,
      })),
    ),
  };
}
