import * as z from 'zod';
import { SETTING_CATEGORIES } from '../constants';
import { DEFAULT_IMAGE_PROVIDER, IMAGE_PROVIDERS } from '../domain';
import { exportSizeSchema } from './generations';

export const settingCategorySchema = z.enum(SETTING_CATEGORIES);

/** Settings the platform reads: typed, validated, and with the default that applies when none is stored. */
export const KNOWN_SETTINGS = {
  maintenance_mode: {
    schema: z.boolean({ error: 'maintenance_mode must be true or false' }),
    default: false,
    category: 'system',
    description: 'When true, new generations are refused with a maintenance message.',
  },
  ai_model_primary: {
    schema: z.enum(IMAGE_PROVIDERS, {
      error: `ai_model_primary must be one of ${IMAGE_PROVIDERS.join(', ')}`,
    }),
    default: DEFAULT_IMAGE_PROVIDER,
    category: 'ai',
    description: 'The image provider used for new generations.',
  },
  'limits.max_concurrent_generations': {
    schema: z
      .number({ error: 'Must be a positive integer' })
      .int('Must be a positive integer')
      .positive('Must be a positive integer'),
    default: 2,
    category: 'limits',
    description: 'Generations one user may have running at once.',
  },
  'limits.generations_per_day': {
    schema: z
      .number({ error: 'Must be a positive integer' })
      .int('Must be a positive integer')
      .positive('Must be a positive integer'),
    default: 50,
    category: 'limits',
    description: 'Generations one user may start per UTC day.',
  },
  'rendering.storey_height': {
    schema: z
      .number({ error: 'Must be a height in metres between 2 and 6' })
      .min(2, 'Must be a height in metres between 2 and 6')
      .max(6, 'Must be a height in metres between 2 and 6'),
    default: 2.7,
    category: 'rendering',
    description:
      'Floor-to-ceiling height in metres of the 3D models (viewer and exports) where a drawing does not state one.',
  },
  'limits.max_export_size': {
    schema: exportSizeSchema('Must be 2048 or 4096'),
    default: 4096,
    category: 'limits',
    description: 'The largest high-resolution export of a render offered, in pixels on the long side.',
  },
  'rendering.min_geometry_kept': {
    schema: z
      .number({ error: 'Must be a share between 0 and 1' })
      .min(0, 'Must be a share between 0 and 1')
      .max(1, 'Must be a share between 0 and 1'),
    default: 0.6,
    category: 'rendering',
    description:
      "Below this share of the model's geometry kept, an AI render is made once more at a higher control strength.",
  },
} as const;

export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;
export type KnownSettingValue<K extends KnownSettingKey> = z.infer<(typeof KNOWN_SETTINGS)[K]['schema']>;
export const isKnownSetting = (key: string): key is KnownSettingKey => key in KNOWN_SETTINGS;

export const settingKeySchema = z
  .string()
  .trim()
  .min(1, 'Key is required')
  .max(100, 'Key must be at most 100 characters')
  .regex(/^[a-z0-9_.-]+$/i, 'Key may contain letters, digits, dots, dashes and underscores');

/** A setting's value as typed in the console: JSON when it parses, else the text itself (spec §5). */
export function parseSettingValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Validates a known key's value; unknown keys accept any JSON value. Returns an error message or null. */
export function validateSettingValue(key: string, value: unknown): string | null {
  if (!isKnownSetting(key)) return null;
  const result = KNOWN_SETTINGS[key].schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}
