/**
 * System settings as the admin console changes them: values as typed (JSON when it parses, known keys validated),
 * each change written with its audit entry in one transaction, a lost race a 409 and a missing key a 404.
 */
import type { z } from 'zod';
import type { createSettingSchema, updateSettingSchema } from '../../../shared/schemas/admin';
import { jsonValueProblem } from '../../../shared/schemas/common';
import {
  isKnownSetting,
  KNOWN_SETTINGS,
  parseSettingValue,
  settingCategorySchema,
  settingKeySchema,
  validateSettingValue,
} from '../../../shared/schemas/settings';
import { type Actor, auditEntry } from '../db/audit';
import {
  createSetting,
  deleteSetting,
  getSettingItem,
  replaceSetting,
  SettingChangedError,
  SettingExistsError,
  type SettingItem,
} from '../db/settings';
import { AppError, conflict, notFound } from '../errors';

const NOT_FOUND = 'Setting not found';

const snapshot = (s: SettingItem) => ({ value: s.value, description: s.description, category: s.category });

/** A setting value as typed in the console: JSON when it parses, else text; known keys validated (400). */
function settingValue(key: string, raw: unknown): unknown {
  const value = parseSettingValue(raw);
  const problem = jsonValueProblem(value, 50_000) ?? validateSettingValue(key, value);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'value', message: problem }]);
  return value;
}

/** The stored setting under a key the API could hold, else a 404 (no database read for any other key). */
async function existing(key: string | undefined): Promise<SettingItem> {
  const current = key && settingKeySchema.safeParse(key).success ? await getSettingItem(key) : null;
  if (!current) throw notFound(NOT_FOUND);
  return current;
}

export async function createSettingAudited(
  actor: Actor,
  input: z.output<typeof createSettingSchema>,
): Promise<SettingItem> {
  const known = isKnownSetting(input.key) ? KNOWN_SETTINGS[input.key] : null;
  const now = new Date();
  const item: SettingItem = {
    key: input.key,
    value: settingValue(input.key, input.value),
    description: input.description ?? known?.description ?? null,
    category: input.category ?? (known ? settingCategorySchema.parse(known.category) : 'general'),
    updatedAt: now.toISOString(),
    updatedBy: actor.email,
  };
  const audit = auditEntry(
    actor,
    {
      action: 'setting.create',
      targetType: 'setting',
      targetId: item.key,
      before: null,
      after: snapshot(item),
    },
    now,
  );
  try {
    return await createSetting(item, audit);
  } catch (error) {
    if (error instanceof SettingExistsError) throw conflict(error.message);
    throw error;
  }
}

export async function updateSettingAudited(
  actor: Actor,
  key: string | undefined,
  patch: z.output<typeof updateSettingSchema>,
): Promise<SettingItem> {
  const current = await existing(key);
  const now = new Date();
  const next: SettingItem = {
    key: current.key,
    value: 'value' in patch ? settingValue(current.key, patch.value) : current.value,
    description: patch.description !== undefined ? patch.description : (current.description ?? null),
    category: patch.category ?? current.category,
    updatedAt: now.toISOString(),
    updatedBy: actor.email,
  };
  const audit = auditEntry(
    actor,
    {
      action: 'setting.update',
      targetType: 'setting',
      targetId: current.key,
      before: snapshot(current),
      after: snapshot(next),
    },
    now,
  );
  try {
    if (!(await replaceSetting(next, current.updatedAt, audit))) throw notFound(NOT_FOUND);
  } catch (error) {
    if (error instanceof SettingChangedError) throw conflict(error.message);
    throw error;
  }
  return next;
}

export async function deleteSettingAudited(actor: Actor, key: string | undefined): Promise<void> {
  const current = await existing(key);
  const deleted = await deleteSetting(
    current.key,
    auditEntry(actor, {
      action: 'setting.delete',
      targetType: 'setting',
      targetId: current.key,
      before: snapshot(current),
      after: null,
    }),
  );
  if (!deleted) throw notFound(NOT_FOUND);
}
