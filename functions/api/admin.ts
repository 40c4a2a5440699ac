/**
 * The admin console's API (/api/admin/*). Every route reads the caller's STORED profile role first: admins for
 * statistics, users, templates, the AI queue, health and storage; super admins for system settings. Every
 * mutation writes its audit entry in the same transaction.
 */

import { adminApi } from '../../shared/api/admin';
import { STORAGE_WARNING_BYTES } from '../../shared/constants';
import type {
  AdminJobPage,
  AdminStorage,
  AdminUserPage,
  PromptTemplateList,
  SystemSettingList,
} from '../../shared/schemas/admin';
import { KNOWN_SETTINGS } from '../../shared/schemas/settings';
import { requireAdminForHealth, requireRole } from '../lib/admin/access';
import { checkHealth } from '../lib/admin/health';
import { createSettingAudited, deleteSettingAudited, updateSettingAudited } from '../lib/admin/settings';
import { computeStats, STATS_DAYS } from '../lib/admin/stats';
import { createTemplateAudited, deleteTemplateAudited, updateTemplateAudited } from '../lib/admin/templates';
import { changeUserRole } from '../lib/admin/users';
import { toAdminJob, toAdminUser, toPromptTemplate, toSystemSetting } from '../lib/admin/views';
import { listJobs, projectTitles } from '../lib/db/jobs';
import { listSettings } from '../lib/db/settings';
import { readCounters } from '../lib/db/stats';
import { listTemplates } from '../lib/db/templates';
import { getProfiles, listProfiles } from '../lib/db/users';
import { isDependencyOutage } from '../lib/errors';
import { createHttpHandler, json, noContent } from '../lib/http';

/** For reads that a report can do without while a dependency is down: null then, the error otherwise. */
function unlessOutage(error: unknown): null {
  if (isDependencyOutage(error)) return null;
  throw error;
}

export const handler = createHttpHandler(adminApi, {
  'GET /api/admin/stats': async ({ event, log }) => {
    await requireRole(event, 'admin');
    const now = new Date();
    const snapshot = await readCounters(now, STATS_DAYS);
    const health = await checkHealth({
      days: snapshot.days,
      usedBytes: snapshot.total.storageBytes ?? 0,
      log,
      now,
    });
    return json(200, computeStats(snapshot, health, now));
  },

  'GET /api/admin/health': async ({ event, log }) => {
    // Reports the database down rather than failing with it: the counters are simply missing then.
    const { databaseReachable } = await requireAdminForHealth(event);
    const now = new Date();
    const snapshot = databaseReachable ? await readCounters(now, 2).catch(unlessOutage) : null;
    return json(
      200,
      await checkHealth({
        days: snapshot?.days ?? [],
        usedBytes: snapshot?.total.storageBytes ?? 0,
        log,
        now,
      }),
    );
  },

  'GET /api/admin/users': async ({ event, query }) => {
    await requireRole(event, 'admin');
    const page = await listProfiles(query());
    const body: AdminUserPage = { items: page.items.map(toAdminUser), nextCursor: page.nextCursor };
    return json(200, body);
  },

  'PATCH /api/admin/users/{userId}': async ({ event, params, log, body }) => {
    const by = await requireRole(event, 'admin');
    const { role } = body();
    return json(200, toAdminUser(await changeUserRole(by, params.userId, role, log)));
  },

  'GET /api/admin/templates': async ({ event }) => {
    await requireRole(event, 'admin');
    const body: PromptTemplateList = { items: (await listTemplates()).map(toPromptTemplate) };
    return json(200, body);
  },

  'POST /api/admin/templates': async ({ event, body }) => {
    const { actor } = await requireRole(event, 'admin');
    const input = body();
    return json(201, toPromptTemplate(await createTemplateAudited(actor, input)));
  },

  'PATCH /api/admin/templates/{templateId}': async ({ event, params, body }) => {
    const { actor } = await requireRole(event, 'admin');
    const patch = body();
    return json(200, toPromptTemplate(await updateTemplateAudited(actor, params.templateId, patch)));
  },

  'DELETE /api/admin/templates/{templateId}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'admin');
    await deleteTemplateAudited(actor, params.templateId);
    return noContent();
  },

  'GET /api/admin/settings': async ({ event }) => {
    await requireRole(event, 'super_admin');
    const body: SystemSettingList = {
      items: (await listSettings()).map(toSystemSetting),
      known: Object.entries(KNOWN_SETTINGS).map(([key, k]) => ({
        key,
        category: k.category,
        description: k.description,
        default: k.default,
      })),
    };
    return json(200, body);
  },

  'POST /api/admin/settings': async ({ event, body }) => {
    const { actor } = await requireRole(event, 'super_admin');
    const input = body();
    return json(201, toSystemSetting(await createSettingAudited(actor, input)));
  },

  'PATCH /api/admin/settings/{key}': async ({ event, params, body }) => {
    const { actor } = await requireRole(event, 'super_admin');
    const patch = body();
    return json(200, toSystemSetting(await updateSettingAudited(actor, params.key, patch)));
  },

  'DELETE /api/admin/settings/{key}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'super_admin');
    await deleteSettingAudited(actor, params.key);
    return noContent();
  },

  'GET /api/admin/jobs': async ({ event, query }) => {
    await requireRole(event, 'admin');
    const page = await listJobs(query());
    const [titles, profiles] = await Promise.all([
      projectTitles(page.items.map((j) => j.projectId)),
      getProfiles(page.items.map((j) => j.userId).filter((id): id is string => !!id)),
    ]);
    const emails = new Map([...profiles].map(([id, p]) => [id, p.email]));
    const body: AdminJobPage = {
      items: page.items.map((j) => toAdminJob(j, titles, emails)),
      nextCursor: page.nextCursor,
    };
    return json(200, body);
  },

  'GET /api/admin/storage': async ({ event, query }) => {
    await requireRole(event, 'admin');
    const { cursor, limit } = query();
    const [snapshot, page] = await Promise.all([
      readCounters(new Date(), 0),
      listProfiles({ role: 'all', cursor, limit }),
    ]);
    const totalBytes = snapshot.total.storageBytes ?? 0;
    const body: AdminStorage = {
      totalBytes,
      totalFiles: snapshot.total.files ?? 0,
      warningBytes: STORAGE_WARNING_BYTES,
      status: totalBytes > STORAGE_WARNING_BYTES ? 'warning' : 'healthy',
      users: page.items.map((p) => ({
        id: p.id,
        email: p.email,
        storageBytes: p.storageBytes ?? 0,
        fileCount: p.fileCount ?? 0,
        projectCount: p.projectCount ?? 0,
      })),
      nextCursor: page.nextCursor,
    };
    return json(200, body);
  },
});
