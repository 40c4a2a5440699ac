/**
 * The admin console's API (/api/admin/*). Every route reads the caller's STORED profile role first: admins for
 * statistics, users, templates, the AI queue, health and storage; super admins for system settings. Every
 * mutation writes its audit entry in the same transaction.
 */
import { STORAGE_WARNING_BYTES } from '../../shared/constants';
import {
  type AdminJobPage,
  type AdminStorage,
  type AdminUserPage,
  createSettingSchema,
  createTemplateSchema,
  listJobsQuerySchema,
  listStorageQuerySchema,
  listUsersQuerySchema,
  type PromptTemplateList,
  type SystemSettingList,
  updateSettingSchema,
  updateTemplateSchema,
  updateUserRoleSchema,
} from '../../shared/schemas/admin';
import { jsonValueProblem } from '../../shared/schemas/common';
import {
  isKnownSetting,
  KNOWN_SETTINGS,
  parseSettingValue,
  settingCategorySchema,
  settingKeySchema,
  validateSettingValue,
} from '../../shared/schemas/settings';
import { requireAdminForHealth, requireRole } from '../lib/admin/access';
import { syncRoleGroups } from '../lib/admin/cognito';
import { checkHealth } from '../lib/admin/health';
import { roleChangeRefusal } from '../lib/admin/roles';
import { computeStats, STATS_DAYS } from '../lib/admin/stats';
import { toAdminJob, toAdminUser, toPromptTemplate, toSystemSetting } from '../lib/admin/views';
import { auditEntry } from '../lib/db/audit';
import { listJobs, projectTitles } from '../lib/db/jobs';
import { getProfile } from '../lib/db/profiles';
import {
  createSetting,
  deleteSetting,
  getSettingItem,
  listSettings,
  replaceSetting,
  SettingChangedError,
  SettingExistsError,
  type SettingItem,
} from '../lib/db/settings';
import { readCounters } from '../lib/db/stats';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  type TemplateItem,
  updateTemplate,
} from '../lib/db/templates';
import {
  changeRole,
  getProfiles,
  LastSuperAdminError,
  listProfiles,
  RoleChangedError,
} from '../lib/db/users';
import { AppError, conflict, forbidden, isDependencyOutage, notFound } from '../lib/errors';
import { createHttpHandler, json, noContent, parseBody, parseInput } from '../lib/http';
import { newId } from '../lib/ids';

const templateSnapshot = (t: TemplateItem) => ({
  name: t.name,
  category: t.category,
  template: t.template,
  variables: t.variables,
  isActive: t.isActive,
});
const settingSnapshot = (s: SettingItem) => ({
  value: s.value,
  description: s.description,
  category: s.category,
});

/** A setting value as typed in the console: JSON when it parses, else text; known keys validated (400). */
function settingValue(key: string, raw: unknown): unknown {
  const value = parseSettingValue(raw);
  const problem = jsonValueProblem(value, 50_000) ?? validateSettingValue(key, value);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'value', message: problem }]);
  return value;
}

const templateIdPattern = /^[0-9a-z]{26}$/;
/** Cognito subs are UUIDs; anything else names no user (404 without a database read). */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isSettingKey = (key: string) => settingKeySchema.safeParse(key).success;

/** For reads that a report can do without while a dependency is down: null then, the error otherwise. */
function unlessOutage(error: unknown): null {
  if (isDependencyOutage(error)) return null;
  throw error;
}

export const handler = createHttpHandler({
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

  'GET /api/admin/users': async ({ event }) => {
    await requireRole(event, 'admin');
    const query = parseInput(event.queryStringParameters ?? {}, listUsersQuerySchema);
    const page = await listProfiles(query);
    const body: AdminUserPage = { items: page.items.map(toAdminUser), nextCursor: page.nextCursor };
    return json(200, body);
  },

  'PATCH /api/admin/users/{userId}': async ({ event, params, log }) => {
    const { profile: actor, actor: who } = await requireRole(event, 'admin');
    const { role } = parseBody(event, updateUserRoleSchema);
    const userId = params.userId ?? '';
    const target = USER_ID.test(userId) ? await getProfile(userId) : null;
    if (!target) throw notFound('User not found');
    const refusal = roleChangeRefusal(actor.role, target.role, role);
    if (refusal === 'super_admin_only')
      throw forbidden('Only a super admin can grant or revoke the super_admin role');
    if (refusal) throw forbidden('Admin access required');
    if (target.role !== role) {
      try {
        await changeRole(
          target.id,
          target.role,
          role,
          auditEntry(who, {
            action: 'user.role.update',
            targetType: 'user',
            targetId: target.id,
            before: { role: target.role, email: target.email },
            after: { role, email: target.email },
          }),
        );
      } catch (error) {
        if (error instanceof LastSuperAdminError) throw conflict(error.message);
        if (error instanceof RoleChangedError) throw conflict(error.message);
        throw error;
      }
      log.info('role changed', { userId: target.id, from: target.role, to: role, by: who.userId });
    }
    // The stored role is what authorizes; the groups follow it (they seed the role of a profile created lazily).
    try {
      await syncRoleGroups(target.id, role);
    } catch (error) {
      log.error('could not update the Cognito groups', { error, userId: target.id, role });
    }
    const updated = await getProfile(target.id);
    return json(200, toAdminUser(updated ?? { ...target, role }));
  },

  'GET /api/admin/templates': async ({ event }) => {
    await requireRole(event, 'admin');
    const body: PromptTemplateList = { items: (await listTemplates()).map(toPromptTemplate) };
    return json(200, body);
  },

  'POST /api/admin/templates': async ({ event }) => {
    const { actor } = await requireRole(event, 'admin');
    const input = parseBody(event, createTemplateSchema);
    const now = new Date();
    const item: TemplateItem = {
      id: newId(now.getTime()),
      ...input,
      usageCount: 0,
      successCount: 0,
      failureCount: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const created = await createTemplate(item, (t) =>
      auditEntry(
        actor,
        {
          action: 'template.create',
          targetType: 'template',
          targetId: t.id,
          before: null,
          after: templateSnapshot(t),
        },
        now,
      ),
    );
    return json(201, toPromptTemplate(created));
  },

  'PATCH /api/admin/templates/{templateId}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'admin');
    const templateId = params.templateId ?? '';
    if (!templateIdPattern.test(templateId)) throw notFound('Template not found');
    const patch = parseBody(event, updateTemplateSchema);
    const updated = await updateTemplate(templateId, patch, (before, after) =>
      auditEntry(actor, {
        action: 'template.update',
        targetType: 'template',
        targetId: templateId,
        before: templateSnapshot(before),
        after: templateSnapshot(after),
      }),
    );
    if (!updated) throw notFound('Template not found');
    return json(200, toPromptTemplate(updated));
  },

  'DELETE /api/admin/templates/{templateId}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'admin');
    const templateId = params.templateId ?? '';
    if (!templateIdPattern.test(templateId)) throw notFound('Template not found');
    const deleted = await deleteTemplate(templateId, (before) =>
      auditEntry(actor, {
        action: 'template.delete',
        targetType: 'template',
        targetId: templateId,
        before: templateSnapshot(before),
        after: null,
      }),
    );
    if (!deleted) throw notFound('Template not found');
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

  'POST /api/admin/settings': async ({ event }) => {
    const { actor } = await requireRole(event, 'super_admin');
    const input = parseBody(event, createSettingSchema);
    const value = settingValue(input.key, input.value);
    const now = new Date();
    const item: SettingItem = {
      key: input.key,
      value,
      description:
        input.description ?? (isKnownSetting(input.key) ? KNOWN_SETTINGS[input.key].description : null),
      category:
        input.category ??
        (isKnownSetting(input.key)
          ? settingCategorySchema.parse(KNOWN_SETTINGS[input.key].category)
          : 'general'),
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    try {
      await createSetting(
        item,
        auditEntry(
          actor,
          {
            action: 'setting.create',
            targetType: 'setting',
            targetId: item.key,
            before: null,
            after: settingSnapshot(item),
          },
          now,
        ),
      );
    } catch (error) {
      if (error instanceof SettingExistsError) throw conflict(error.message);
      throw error;
    }
    return json(201, toSystemSetting(item));
  },

  'PATCH /api/admin/settings/{key}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'super_admin');
    const key = params.key ?? '';
    const patch = parseBody(event, updateSettingSchema);
    const current = isSettingKey(key) ? await getSettingItem(key) : null;
    if (!current) throw notFound('Setting not found');
    const now = new Date();
    const next: SettingItem = {
      key: current.key,
      value: 'value' in patch ? settingValue(current.key, patch.value) : current.value,
      description: patch.description !== undefined ? patch.description : (current.description ?? null),
      category: patch.category ?? current.category,
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    try {
      const saved = await replaceSetting(
        next,
        current.updatedAt,
        auditEntry(
          actor,
          {
            action: 'setting.update',
            targetType: 'setting',
            targetId: key,
            before: settingSnapshot(current),
            after: settingSnapshot(next),
          },
          now,
        ),
      );
      if (!saved) throw notFound('Setting not found');
    } catch (error) {
      if (error instanceof SettingChangedError) throw conflict(error.message);
      throw error;
    }
    return json(200, toSystemSetting(next));
  },

  'DELETE /api/admin/settings/{key}': async ({ event, params }) => {
    const { actor } = await requireRole(event, 'super_admin');
    const key = params.key ?? '';
    const current = isSettingKey(key) ? await getSettingItem(key) : null;
    if (!current) throw notFound('Setting not found');
    const deleted = await deleteSetting(
      key,
      auditEntry(actor, {
        action: 'setting.delete',
        targetType: 'setting',
        targetId: key,
        before: settingSnapshot(current),
        after: null,
      }),
    );
    if (!deleted) throw notFound('Setting not found');
    return noContent();
  },

  'GET /api/admin/jobs': async ({ event }) => {
    await requireRole(event, 'admin');
    const query = parseInput(event.queryStringParameters ?? {}, listJobsQuerySchema);
    const page = await listJobs(query);
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

  'GET /api/admin/storage': async ({ event }) => {
    await requireRole(event, 'admin');
    const query = parseInput(event.queryStringParameters ?? {}, listStorageQuerySchema);
    const [snapshot, page] = await Promise.all([
      readCounters(new Date(), 0),
      listProfiles({ role: 'all', cursor: query.cursor, limit: query.limit }),
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
