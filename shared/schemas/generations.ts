import * as z from 'zod';
import { RENDER_STYLES, VARIATION_NUMBERS } from '../domain';
import type { PromptReadingSummary } from '../prompt/scene-settings';
import type { SceneCamera } from '../scene/cameras';

export const PROMPT_MAX = 2000;
export const DEFAULT_FIDELITY = 0.7;

const coordinate = z.number().finite().min(-1e6).max(1e6);
const point3 = z.tuple([coordinate, coordinate, coordinate]);

/**
 * A camera on the 3D model (shared/scene/cameras.ts: metres, Y up, drawn north −z), as placed in the viewer: the
 * generation renders variations 1 and 3 from it (2 from the model's opposite corner).
 */
export const sceneCameraSchema = z
  .strictObject({
    position: point3,
    target: point3,
    fovDeg: z
      .number()
      .min(10, 'The field of view must be 10° to 120°')
      .max(120, 'The field of view must be 10° to 120°'),
  })
  .refine(
    (c) =>
      Math.hypot(c.target[0] - c.position[0], c.target[1] - c.position[1], c.target[2] - c.position[2]) >
      1e-3,
    {
      message: 'The camera must look at a point away from it',
    },
  );

export const createGenerationSchema = z
  .strictObject({
    prompt: z
      .string({ error: 'Please ensure project is created and prompt is provided' })
      .trim()
      .min(1, 'Please ensure project is created and prompt is provided')
      .max(PROMPT_MAX, `The prompt must be at most ${PROMPT_MAX} characters`),
    fileId: z
      .string()
      .regex(/^[0-9a-z]{26}$/, 'Unknown file')
      .optional(),
    style: z.enum(RENDER_STYLES).optional(),
    /** 0 = creative (loose), 1 = precise (follows the drawing closely). */
    fidelity: z.number().min(0).max(1).optional(),
    /** Render from this camera, placed in the 3D viewer; the model's own cameras when absent. */
    camera: sceneCameraSchema.optional(),
    /**
     * Render the project's building (every level, stacked as the 3D tab shows it) instead of one drawing's plan;
     * `fileId` is then left out.
     */
    building: z.boolean().optional(),
  })
  .refine((input) => !(input.building && input.fileId), {
    message: 'Choose a drawing or the whole building, not both',
    path: ['fileId'],
  });
export type CreateGenerationInput = z.input<typeof createGenerationSchema>;

/** A follow-up prompt on a completed render ("white walls, add a flat roof, evening"). */
export const refineRenderSchema = z.strictObject({
  prompt: z
    .string({ error: 'Please describe what to change' })
    .trim()
    .min(1, 'Please describe what to change')
    .max(PROMPT_MAX, `The prompt must be at most ${PROMPT_MAX} characters`),
});
export type RefineRenderInput = z.input<typeof refineRenderSchema>;

/** The high-resolution sizes a render can be exported at, pixels on the long side (2× and 4× the render). */
export const EXPORT_SIZES = [2048, 4096] as const;
export type ExportSize = (typeof EXPORT_SIZES)[number];
/** One of EXPORT_SIZES (a number), else `error`. */
export const exportSizeSchema = (error: string) => z.literal(EXPORT_SIZES, { error });
export const exportRenderSchema = z.strictObject({ size: exportSizeSchema('Choose 2048 or 4096 pixels') });
/** `?size=` on a render's download: the high-resolution export instead of the render itself. */
export const renderDownloadQuerySchema = z.strictObject({
  size: z.enum(['2048', '4096'], { error: 'Choose 2048 or 4096 pixels' }).optional(),
});

/** A high-resolution export of a render: being made, ready to download, or why it failed. */
export const renderExportSchema = z.object({
  status: z.enum(['processing', 'ready', 'failed']),
  error: z.string().optional(),
});
export type RenderExport = z.infer<typeof renderExportSchema>;
/** A render's high-resolution exports by size (the size as text, as in JSON keys). */
export const renderExportsSchema = z.object({
  '2048': renderExportSchema.optional(),
  '4096': renderExportSchema.optional(),
}) satisfies z.ZodType<Partial<Record<`${ExportSize}`, RenderExport>>>;
export type RenderExports = z.infer<typeof renderExportsSchema>;

/** `POST …/renders/{renderId}/exports`: the export of one size, started (202) or already there (200). */
export const renderExportResponseSchema = z.object({
  export: renderExportSchema.extend({ size: z.literal(EXPORT_SIZES) }),
});

/** What the local renderer understood of a prompt, and the words that changed nothing. */
export const promptReadingSummarySchema = z.object({
  understood: z.array(z.string()),
  notUnderstood: z.array(z.string()),
}) satisfies z.ZodType<PromptReadingSummary>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 128 characters')
  .max(128, 'Idempotency-Key must be 8 to 128 characters')
  .regex(/^[\w.:-]+$/, 'Idempotency-Key may contain letters, digits and . _ : -');

export const GENERATION_STATUSES = ['running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** A camera as answers carry it (the request schema, typed as the scene's camera). */
export const cameraSchema = sceneCameraSchema as z.ZodType<SceneCamera>;

export const RENDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const generationRenderSchema = z.object({
  id: z.string(),
  variation: z.literal(VARIATION_NUMBERS),
  status: z.enum(RENDER_STATUSES),
  imageUrl: z.string().nullish(),
  previewUrl: z.string().nullish(),
  error: z.string().nullish(),
  description: z.string().nullish(),
  /** The camera it was rendered from when the user chose one (else its variation's default camera). */
  camera: cameraSchema.nullish(),
  /** Drawn in the style's own projection (isometric, cut-away interior): the camera on the model nearest to it. */
  viewpoint: cameraSchema.optional(),
  /** What the local renderer understood of the prompt, and the words that changed nothing. */
  promptReading: promptReadingSummarySchema.optional(),
  /** How much of the model's geometry the image kept (0–1), when it was made from the model's camera. */
  geometryKept: z.number().optional(),
  /** It kept less of the model than the `rendering.min_geometry_kept` setting: it did not keep the design. */
  designLost: z.boolean().optional(),
});
export type GenerationRender = z.infer<typeof generationRenderSchema>;

/** A refinement: the render it refines and the follow-up words. */
export const refinesSchema = z.object({ renderId: z.string(), prompt: z.string() });

export const generationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  status: z.enum(GENERATION_STATUSES),
  prompt: z.string(),
  style: z.enum(RENDER_STYLES).nullable(),
  fidelity: z.number(),
  fileId: z.string(),
  /** Rendered from the project's building (every level), not from the drawing `fileId` alone. */
  building: z.boolean().optional(),
  /** The camera placed in the viewer, when one was. */
  camera: cameraSchema.nullish(),
  /** A refinement: the render it refines and the follow-up words (`prompt` holds the whole brief). */
  refines: refinesSchema.nullish(),
  analysis: z.string().nullable(),
  succeeded: z.number(),
  failed: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  renders: z.array(generationRenderSchema),
});
export type Generation = z.infer<typeof generationSchema>;

/** A generation started (202), or asked after (200). */
export const generationResponseSchema = z.object({ generation: generationSchema });
