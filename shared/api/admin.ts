/** The admin console: statistics, users and roles, prompt templates, system settings, the AI queue, storage. */
import {
  adminJobPageSchema,
  adminStatsSchema,
  adminStorageSchema,
  adminUserPageSchema,
  adminUserSchema,
  createSettingSchema,
  createTemplateSchema,
  listJobsQuerySchema,
  listStorageQuerySchema,
  listUsersQuerySchema,
  promptTemplateListSchema,
  promptTemplateSchema,
  systemHealthSchema,
  systemSettingListSchema,
  systemSettingSchema,
  updateSettingSchema,
  updateTemplateSchema,
  updateUserRoleSchema,
} from '../schemas/admin';
import { defineFeature } from './contract';
import { ADMIN, SUPER } from './words';

export const adminApi = defineFeature('admin', {
  'GET /api/admin/stats': {
    auth: 'jwt',
    response: adminStatsSchema,
    summary: 'Platform statistics from counters (O(1)), week-over-week changes and health probes.',
    responses: ['200 stats', ADMIN],
  },
  'GET /api/admin/users': {
    auth: 'jwt',
    response: adminUserPageSchema,
    summary: 'Profiles newest first with counts and last activity; search by e-mail, filter by role.',
    query: listUsersQuerySchema,
    responses: ['200 `{ items, nextCursor }`', ADMIN],
  },
  'PATCH /api/admin/users/{userId}': {
    auth: 'jwt',
    response: adminUserSchema,
    summary:
      "Changes a user's role (profile and Cognito groups). Only super admins grant or revoke super_admin.",
    body: updateUserRoleSchema,
    responses: ['200 user', '403 escalation refused', '409 the last super admin', ADMIN],
  },
  'GET /api/admin/templates': {
    auth: 'jwt',
    response: promptTemplateListSchema,
    summary: 'Prompt templates, newest first.',
    responses: ['200 `{ items }`', ADMIN],
  },
  'POST /api/admin/templates': {
    auth: 'jwt',
    response: promptTemplateSchema,
    summary: 'Creates a prompt template (`variables` as a list, JSON string or comma-separated text).',
    body: createTemplateSchema,
    responses: ['201 template', ADMIN],
  },
  'PATCH /api/admin/templates/{templateId}': {
    auth: 'jwt',
    response: promptTemplateSchema,
    summary: 'Updates a template, or activates/deactivates it with `{ isActive }`.',
    body: updateTemplateSchema,
    responses: ['200 template', '404', ADMIN],
  },
  'DELETE /api/admin/templates/{templateId}': {
    auth: 'jwt',
    summary: 'Deletes a template.',
    responses: ['204', ADMIN],
  },
  'GET /api/admin/settings': {
    auth: 'jwt',
    response: systemSettingListSchema,
    summary: 'System settings by key, and the known keys with their defaults.',
    responses: ['200 `{ items, known }`', SUPER],
  },
  'POST /api/admin/settings': {
    auth: 'jwt',
    response: systemSettingSchema,
    summary: 'Creates a setting; known keys are typed and validated.',
    body: createSettingSchema,
    responses: ['201 setting', '409 key exists', SUPER],
  },
  'PATCH /api/admin/settings/{key}': {
    auth: 'jwt',
    response: systemSettingSchema,
    summary: 'Updates a setting (the key is immutable).',
    body: updateSettingSchema,
    responses: ['200 setting', '409 concurrent edit', SUPER],
  },
  'DELETE /api/admin/settings/{key}': {
    auth: 'jwt',
    summary: 'Deletes a setting.',
    responses: ['204', SUPER],
  },
  'GET /api/admin/jobs': {
    auth: 'jwt',
    response: adminJobPageSchema,
    summary: 'The AI job queue, newest first, filterable by status.',
    query: listJobsQuerySchema,
    responses: ['200 `{ items, nextCursor }`', ADMIN],
  },
  'GET /api/admin/health': {
    auth: 'jwt',
    response: systemHealthSchema,
    summary: 'Real probes: database, AI provider, storage.',
    responses: ['200 health', ADMIN],
  },
  'GET /api/admin/storage': {
    auth: 'jwt',
    response: adminStorageSchema,
    summary: 'Storage used in total and per user.',
    query: listStorageQuerySchema,
    responses: ['200 storage', ADMIN],
  },
});
