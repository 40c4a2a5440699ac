import type { AdminJob, AdminUser, PromptTemplate, SystemSetting } from '../../../shared/schemas/admin';
import { isKnownSetting } from '../../../shared/schemas/settings';
import type { AiJobItem } from '../db/jobs';
import type { Profile } from '../db/profiles';
import type { SettingItem } from '../db/settings';
import { successRateOf, type TemplateItem } from '../db/templates';

export const toAdminUser = (p: Profile): AdminUser => ({
  id: p.id,
  email: p.email,
  role: p.role,
  projectCount: p.projectCount ?? 0,
  renderCount: p.renderCount ?? 0,
  fileCount: p.fileCount ?? 0,
  storageBytes: p.storageBytes ?? 0,
  lastActivityAt: p.lastActivityAt ?? null,
  createdAt: p.createdAt,
});

export const toPromptTemplate = (t: TemplateItem): PromptTemplate => ({
  id: t.id,
  name: t.name,
  category: t.category as PromptTemplate['category'],
  template: t.template,
  variables: Array.isArray(t.variables) ? t.variables : [],
  isActive: t.isActive === true,
  usageCount: t.usageCount ?? 0,
  successRate: successRateOf(t),
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export const toSystemSetting = (s: SettingItem): SystemSetting => ({
  key: s.key,
  value: s.value,
  description: s.description ?? null,
  category: s.category,
  updatedAt: s.updatedAt,
  updatedBy: s.updatedBy ?? null,
  known: isKnownSetting(s.key),
});

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function toAdminJob(
  job: AiJobItem,
  titles: Map<string, string>,
  emails: Map<string, string>,
): AdminJob {
  const input = job.inputData ?? {};
  const variation = Number(input.variation ?? input.variationNumber ?? Number.NaN);
  return {
    id: job.id,
    projectId: job.projectId,
    projectTitle: titles.get(job.projectId) ?? null,
    userId: job.userId ?? null,
    userEmail: job.userId ? (emails.get(job.userId) ?? null) : null,
    renderId: job.renderId ?? null,
    generationId: job.generationId ?? null,
    jobType: job.jobType ?? 'visualization_generation',
    status: job.status,
    prompt: text(input.prompt),
    variation: Number.isFinite(variation) ? variation : null,
    error: text(job.error),
    createdAt: job.createdAt,
    completedAt: job.completedAt ?? null,
  };
}
