/** The admin console's API: request schemas (validated by the handlers and the forms) and response shapes. */
import * as z from 'zod';
import { ROLES, type Role, TEMPLATE_CATEGORIES } from '../constants';
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

export interface AdminUser {
  id: string;
  email: string;
  role: Role;
  projectCount: number;
  renderCount: number;
  fileCount: number;
  storageBytes: number;
  /** Null when the user has never made a request. */
  lastActivityAt: string | null;
  createdAt: string;
}

export interface AdminUserPage {
  items: AdminUser[];
  nextCursor: string | null;
}

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

export interface PromptTemplate {
  id: string;
  name: string;
  category: TemplateCategory;
  template: string;
  variables: string[];
  isActive: boolean;
  /** Generations that used the template (maintained by the generation pipeline). */
  usageCount: number;
  /** Percent of the renders made with it that completed, one decimal; 0 before any. */
  successRate: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromptTemplateList {
  items: PromptTemplate[];
}

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

export interface SystemSetting {
  key: string;
  value: unknown;
  description: string | null;
  category: string;
  updatedAt: string;
  /** E-mail of the administrator who last saved it (null when seeded). */
  updatedBy: string | null;
  /** A setting the platform reads (typed and validated). */
  known: boolean;
}

export interface KnownSettingInfo {
  key: string;
  category: string;
  description: string;
  default: unknown;
}

export interface SystemSettingList {
  items: SystemSetting[];
  /** The keys the platform reads, with the value that applies when none is stored. */
  known: KnownSettingInfo[];
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics and health

export type HealthStatus = 'healthy' | 'warning' | 'error';

export interface HealthProbe {
  status: HealthStatus;
  /** How long the probe took; null when it did not run. */
  latencyMs: number | null;
  message: string;
}

export interface SystemHealth {
  database: HealthProbe;
  ai: HealthProbe & { provider: string };
  storage: HealthProbe & { usedBytes: number; warningBytes: number };
  checkedAt: string;
}

/** This week's count against last week's: the last 7 UTC days (today included) and the 7 before. */
export interface WeekChange {
  current: number;
  previous: number;
  /** Rounded percent change; null when last week had none to compare with. */
  percent: number | null;
}

export interface AdminStats {
  users: {
    total: number;
    /** Distinct users with a request in the last 7 days. */
    active7d: number;
    /** Signed up in the last 30 days. */
    new30d: number;
    /** Users whose role is admin or super_admin. */
    admins: number;
    superAdmins: number;
    change: WeekChange;
  };
  projects: { total: number; change: WeekChange };
  renders: { total: number; completed: number; failed: number; change: WeekChange };
  jobs: { pending: number; total: number; queue: 'normal' | 'high'; change: WeekChange };
  storage: { usedBytes: number; files: number };
  health: SystemHealth;
  generatedAt: string;
}

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

export interface AdminJob {
  id: string;
  projectId: string;
  projectTitle: string | null;
  userId: string | null;
  userEmail: string | null;
  renderId: string | null;
  generationId: string | null;
  jobType: string;
  status: string;
  prompt: string | null;
  variation: number | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface AdminJobPage {
  items: AdminJob[];
  nextCursor: string | null;
}

export const listStorageQuerySchema = z.strictObject({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export interface StorageUser {
  id: string;
  email: string;
  storageBytes: number;
  fileCount: number;
  projectCount: number;
}

export interface AdminStorage {
  totalBytes: number;
  totalFiles: number;
  warningBytes: number;
  status: HealthStatus;
  /** Users newest first (a page), each with what their uploaded files use. */
  users: StorageUser[];
  nextCursor: string | null;
}
