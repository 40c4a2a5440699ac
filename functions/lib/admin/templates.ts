/**
 * Prompt templates as the admin console changes them: each change written with its audit entry in one
 * transaction (the repository's), a missing template a 404.
 */
import { type Actor, auditEntry } from '../db/audit';
import {
  createTemplate,
  deleteTemplate,
  type TemplateFields,
  type TemplateItem,
  updateTemplate,
} from '../db/templates';
import { notFound } from '../errors';
import { newId } from '../ids';

const TEMPLATE_ID = /^[0-9a-z]{26}$/;
const NOT_FOUND = 'Template not found';

const snapshot = (t: TemplateItem) => ({
  name: t.name,
  category: t.category,
  template: t.template,
  variables: t.variables,
  isActive: t.isActive,
});

/** A template id the API could have made, else a 404 (no database read for anything else). */
function knownId(templateId: string | undefined): string {
  if (!templateId || !TEMPLATE_ID.test(templateId)) throw notFound(NOT_FOUND);
  return templateId;
}

/** A new template (usage and outcomes at 0). */
export async function createTemplateAudited(actor: Actor, fields: TemplateFields): Promise<TemplateItem> {
  const now = new Date();
  const item: TemplateItem = {
    id: newId(now.getTime()),
    ...fields,
    usageCount: 0,
    successCount: 0,
    failureCount: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return createTemplate(item, (t) =>
    auditEntry(
      actor,
      { action: 'template.create', targetType: 'template', targetId: t.id, before: null, after: snapshot(t) },
      now,
    ),
  );
}

export async function updateTemplateAudited(
  actor: Actor,
  templateId: string | undefined,
  patch: Partial<TemplateFields>,
): Promise<TemplateItem> {
  const id = knownId(templateId);
  const updated = await updateTemplate(id, patch, (before, after) =>
    auditEntry(actor, {
      action: 'template.update',
      targetType: 'template',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
    }),
  );
  if (!updated) throw notFound(NOT_FOUND);
  return updated;
}

export async function deleteTemplateAudited(actor: Actor, templateId: string | undefined): Promise<void> {
  const id = knownId(templateId);
  const deleted = await deleteTemplate(id, (before) =>
    auditEntry(actor, {
      action: 'template.delete',
      targetType: 'template',
      targetId: id,
      before: snapshot(before),
      after: null,
    }),
  );
  if (!deleted) throw notFound(NOT_FOUND);
}
