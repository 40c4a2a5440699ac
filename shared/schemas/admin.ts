/** The admin console's API: request schemas (validated by the handlers and the forms) and response shapes. */
import * as z from 'zod';
import { ROLES, TEMPLATE_CATEGORIES } from '../constants';
import { jsonValueSchema, roleSchema } from './common';
import { settingCategorySchema, settingKeySchema } from './settings';

// ---------------------------------------------------------------------------------------------------------------
// Users

export const ROLE_FILTERS = ['all', ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const listUsersQuerySchema = z.strictObject({
  q: z.string().trim().toLowerCase().max(200).optional(),
  role: z.enum(ROLE_FILTERS).default('all'),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const updateUserRoleSchema = z.strictObject({ role: roleSchema });
export type UpdateUserRoleInput = z.infer<typeof updateUserRoleSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  projectCount: z.number(),
  renderCount: z.number(),
  fileCount: z.number(),
  storageBytes: z.number(),
  /** Null when the user has never made a request. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Prompt templates

export const templateCategorySchema = z.enum(TEMPLATE_CATEGORIES, {
  error: `Category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`,
});
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_TEXT_MAX = 10_000;
export const TEMPLATE_VARIABLES_MAX = 50;

/** Comma-separated variables as typed in the form (spec §5): entries trimmed, empties dropped. */
export function splitVariables(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const uniqueTrimmed = (list: string[]) => {
  const seen = new Set<string>();
  return list
    .map((v) => v.trim())
    .filter((v) => {
      if (!v || seen.has(v)) return false;
      seen.add(v);
      return true;
    });
};

/**
 * `variables` may arrive as a list or as a JSON string holding a list (spec §3); a string that is not JSON is
 * read as the comma-separated form input.
 */
export const templateVariablesSchema = z
  .union([z.array(z.string().max(100, 'Variables must be at most 100 characters')), z.string().max(5000)], {
    error: 'Variables must be a list of names or a JSON string',
  })
  .transform((value, ctx) => {
    if (Array.isArray(value)) return uniqueTrimmed(value);
    const text = value.trim();
    if (!text) return [];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return uniqueTrimmed(parsed);
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'Variables must be a JSON list of names' });
      return z.NEVER;
    }
    return uniqueTrimmed(splitVariables(text));
  })
  .pipe(z.array(z.string()).max(TEMPLATE_VARIABLES_MAX, `At most ${TEMPLATE_VARIABLES_MAX} variables`));

const templateFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(TEMPLATE_NAME_MAX, `Name must be at most ${TEMPLATE_NAME_MAX} characters`),
  category: templateCategorySchema,
  template: z
    .string({ error: 'Template text is required' })
    .trim()
    .min(1, 'Template text is required')
    .max(TEMPLATE_TEXT_MAX, `Template text must be at most ${TEMPLATE_TEXT_MAX} characters`),
  variables: templateVariablesSchema,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

export const createTemplateSchema = z.strictObject({
  ...templateFields,
  variables: templateFields.variables.optional().transform((v) => v ?? []),
  isActive: templateFields.isActive.optional().transform((v) => v ?? true),
});
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;

/** Edit or Activate/Deactivate: any subset of the fields. */
export const updateTemplateSchema = z
  .strictObject(templateFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateTemplateInput = z.input<typeof updateTemplateSchema>;

export const promptTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: templateCategorySchema,
  template: z.string(),
  variables: z.array(z.string()),
  isActive: z.boolean(),
  /** Generations that used the template (maintained by the generation pipeline). */
  usageCount: z.number(),
  /** Percent of the renders made with it that completed, one decimal; 0 before any. */
  successRate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptTemplate = z.infer<typeof promptTemplateSchema>;

export const promptTemplateListSchema = z.object({ items: z.array(promptTemplateSchema) });
export type PromptTemplateList = z.infer<typeof promptTemplateListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// System settings

const settingDescription = z
  .string()
  .trim()
  .max(500, 'Description must be at most 500 characters')
  .nullable()
  .transform((v) => (v ? v : null));

/** Any JSON value; a string is parsed as JSON when it can be (spec §5) by the handler. */
const settingValue = jsonValueSchema(50_000).refine((v) => v !== undefined, { message: 'Value is required' });

export const createSettingSchema = z.strictObject({
  key: settingKeySchema,
  value: settingValue,
  description: settingDescription.optional().transform((v) => v ?? null),
  category: settingCategorySchema.optional(),
});
export type CreateSettingInput = z.input<typeof createSettingSchema>;

/** The key is the path parameter and cannot change. */
export const updateSettingSchema = z
  .strictObject({ value: settingValue, description: settingDescription, category: settingCategorySchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateSettingInput = z.input<typeof updateSettingSchema>;

export const systemSettingSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  description: z.string().nullable(),
  category: z.string(),
  updatedAt: z.string(),
  /** E-mail of the administrator who last saved it (null when seeded). */
  updatedBy: z.string().nullable(),
  /** A setting the platform reads (typed and validated). */
  known: z.boolean(),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;

export const knownSettingInfoSchema = z.object({
  key: z.string(),
  category: z.string(),
  description: z.string(),
  default: z.unknown(),
});
export type KnownSettingInfo = z.infer<typeof knownSettingInfoSchema>;

export const systemSettingListSchema = z.object({
  items: z.array(systemSettingSchema),
  /** The keys the platform reads, with the value that applies when none is stored. */
  known: z.array(knownSettingInfoSchema),
});
export type SystemSettingList = z.infer<typeof systemSettingListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Statistics and health

export const HEALTH_STATUSES = ['healthy', 'warning', 'error'] as const;
export const healthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthProbeSchema = z.object({
  status: healthStatusSchema,
  /** How long the probe took; null when it did not run. */
  latencyMs: z.number().nullable(),
  message: z.string(),
});
export type HealthProbe = z.infer<typeof healthProbeSchema>;

export const systemHealthSchema = z.object({
  database: healthProbeSchema,
  ai: healthProbeSchema.extend({ provider: z.string() }),
  storage: healthProbeSchema.extend({ usedBytes: z.number(), warningBytes: z.number() }),
  checkedAt: z.string(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** This week's count against last week's: the last 7 UTC days (today included) and the 7 before. */
export const weekChangeSchema = z.object({
  current: z.number(),
  previous: z.number(),
  /** Rounded percent change; null when last week had none to compare with. */
  percent: z.number().nullable(),
});
export type WeekChange = z.infer<typeof weekChangeSchema>;

export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number(),
    /** Distinct users with a request in the last 7 days. */
    active7d: z.number(),
    /** Signed up in the last 30 days. */
    new30d: z.number(),
    /** Users whose role is admin or super_admin. */
    admins: z.number(),
    superAdmins: z.number(),
    change: weekChangeSchema,
  }),
  projects: z.object({ total: z.number(), change: weekChangeSchema }),
  renders: z.object({
    total: z.number(),
    completed: z.number(),
    failed: z.number(),
    change: weekChangeSchema,
  }),
  jobs: z.object({
    pending: z.number(),
    total: z.number(),
    queue: z.enum(['normal', 'high']),
    change: weekChangeSchema,
  }),
  storage: z.object({ usedBytes: z.number(), files: z.number() }),
  health: systemHealthSchema,
  generatedAt: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// AI queue and storage

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const listJobsQuerySchema = z.strictObject({
  status: z.enum(['all', ...JOB_STATUSES]).default('all'),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListJobsQuery = z.input<typeof listJobsQuerySchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  renderId: z.string().nullable(),
  generationId: z.string().nullable(),
  jobType: z.string(),
  status: z.string(),
  prompt: z.string().nullable(),
  variation: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobPageSchema = z.object({
  items: z.array(adminJobSchema),
  nextCursor: z.string().nullable(),
});
export type AdminJobPage = z.infer<typeof adminJobPageSchema>;

export const listStorageQuerySchema = z.strictObject({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const storageUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  storageBytes: z.number(),
  fileCount: z.number(),
  projectCount: z.number(),
});
export type StorageUser = z.infer<typeof storageUserSchema>;

export const adminStorageSchema = z.object({
  totalBytes: z.number(),
  totalFiles: z.number(),
  warningBytes: z.number(),
  status: healthStatusSchema,
  /** Users newest first (a page), each with what their uploaded files use. */
  users: z.array(storageUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminStorage = z.infer<typeof adminStorageSchema>;
