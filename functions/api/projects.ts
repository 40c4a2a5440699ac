import { projectsApi } from '../../shared/api/projects';
import { callerFrom } from '../lib/auth';
import { createProject, createShare, listProjects, revokeShare, updateProject } from '../lib/db/projects';
import { env } from '../lib/env';
import { notFound } from '../lib/errors';
import { createHttpHandler, json, noContent } from '../lib/http';
import { newToken } from '../lib/ids';
import { deleteProject } from '../lib/project-deletion';
import { ownedProject, ownedProjectBundle, toDetail, toSummary } from '../lib/project-views';

const shareUrl = (projectId: string, token: string) =>
  `${env.siteUrl.replace(/\/$/, '')}/projects/${projectId}/public?k=${token}`;

export const handler = createHttpHandler(projectsApi, {
  'GET /api/projects': async ({ event, query }) => {
    const caller = callerFrom(event);
    const page = await listProjects(caller.userId, query());
    return json(200, { items: await Promise.all(page.items.map(toSummary)), nextCursor: page.nextCursor });
  },

  'POST /api/projects': async ({ event, body }) => {
    const caller = callerFrom(event);
    const input = body();
    const project = await createProject(caller.userId, input);
    return json(201, await toSummary(project));
  },

  'GET /api/projects/{projectId}': async ({ event, params }) => {
    const bundle = await ownedProjectBundle(callerFrom(event), params.projectId);
    return json(200, await toDetail(bundle));
  },

  'PATCH /api/projects/{projectId}': async ({ event, params, body }) => {
    const caller = callerFrom(event);
    await ownedProject(caller, params.projectId);
    const patch = body();
    const updated = await updateProject(params.projectId!, caller.userId, patch);
    if (!updated) throw notFound('Project not found');
    return json(200, await toSummary(updated));
  },

  'DELETE /api/projects/{projectId}': async ({ event, params, log }) => {
    await deleteProject(callerFrom(event), params.projectId, log);
    return noContent();
  },

  'GET /api/projects/{projectId}/share': async ({ event, params }) => {
    const project = await ownedProject(callerFrom(event), params.projectId);
    return json(200, { url: project.shareToken ? shareUrl(project.id, project.shareToken) : null });
  },

  'POST /api/projects/{projectId}/share': async ({ event, params }) => {
    const project = await ownedProject(callerFrom(event), params.projectId);
    const token = project.shareToken ?? (await createShare(project, newToken()));
    return json(project.shareToken ? 200 : 201, { url: shareUrl(project.id, token) });
  },

  'DELETE /api/projects/{projectId}/share': async ({ event, params }) => {
    const project = await ownedProject(callerFrom(event), params.projectId);
    await revokeShare(project);
    return noContent();
  },
});
