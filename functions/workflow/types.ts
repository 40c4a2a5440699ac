/**
 * What the state machine hands each task, parsed at the edge (as the API's handlers parse requests): a task given a
 * malformed input fails at once with what was wrong, instead of writing half a render.
 */
import * as z from 'zod/mini';
import { RENDER_STYLES, type RenderStyle, VARIATION_NUMBERS } from '../../shared/domain';

// zod/mini (as the web's start-up schemas): a task's bundle stays within the Lambda bundle budget.
const id = z.string().check(z.minLength(1));
const vec3 = z.tuple([z.number(), z.number(), z.number()]);
/** A camera as the tasks pass it on (the request's was checked against the API's limits when it came in). */
const cameraSchema = z.object({ position: vec3, target: vec3, fovDeg: z.number().check(z.positive()) });

/** A level of the building a generation renders, as Prepare recorded it (the API checked it when it was saved). */
const levelSchema = z.object({
  name: z.string(),
  fileId: id,
  viewId: z.optional(z.string()),
  elevationM: z.number(),
  storeyHeightM: z.optional(z.number().check(z.positive())),
  rotationDeg: z.literal([0, 90, 180, 270]),
  offsetM: z.tuple([z.number(), z.number()]),
});

export const executionInputSchema = z.object({ generationId: id, projectId: id, userId: id });
export type ExecutionInput = z.infer<typeof executionInputSchema>;

export const preparedItemSchema = z.object({
  variation: z.literal(VARIATION_NUMBERS),
  renderId: id,
  jobId: id,
  /** The provider prompt: the active template filled for this variation. */
  prompt: z.string(),
  /** The user's own prompt (what the local renderer reads its scene settings from). */
  brief: z.optional(z.string()),
  /** The camera the user placed, for the variations rendered from it (1 and 3). */
  camera: z.optional(cameraSchema),
  /** A refinement: the refined render's image and generation, and the follow-up words. */
  refines: z.optional(z.object({ imageKey: id, followUp: z.string(), generationId: id })),
});
export type PreparedItem = z.infer<typeof preparedItemSchema>;

export interface Prepared {
  provider: string;
  style: RenderStyle;
  fidelity: number;
  /** Floor to ceiling, metres: the plan's, else the `rendering.storey_height` setting (as the 3D model's). */
  storeyHeight: number;
  fileId: string;
  /** The building's levels, lowest first, for a generation of the whole building; null for one drawing's plan. */
  levels: z.infer<typeof levelSchema>[] | null;
  analysis: string;
  items: PreparedItem[];
}

/** A task's caught error, as Step Functions passes it on. */
const caughtErrorSchema = z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) });

/** What each Map iteration receives (the Map's ItemSelector), and Generate's result added to it for Store. */
export const variationInputSchema = z.extend(executionInputSchema, {
  provider: z.string(),
  style: z.enum(RENDER_STYLES),
  fidelity: z.number().check(z.minimum(0), z.maximum(1)),
  storeyHeight: z.optional(z.number().check(z.positive())),
  fileId: id,
  levels: z.optional(z.nullable(z.array(levelSchema))),
  analysis: z.string(),
  item: preparedItemSchema,
  image: z.optional(
    z.object({
      imageKey: id,
      description: z.string(),
      camera: z.optional(cameraSchema),
      /** Drawn in the style's own projection: the camera on the model nearest to it, for "Open in 3D". */
      viewpoint: z.optional(cameraSchema),
      reading: z.optional(z.object({ understood: z.array(z.string()), notUnderstood: z.array(z.string()) })),
      /** How much of the model's geometry the image kept (0–1), when it was made from the model's camera. */
      geometryKept: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
      /** It kept less than the `rendering.min_geometry_kept` setting: it did not keep the design. */
      designLost: z.optional(z.boolean()),
    }),
  ),
  error: z.optional(caughtErrorSchema),
});
export type VariationInput = z.infer<typeof variationInputSchema>;

/** Mark Failed: a variation's Catch, or (`all`) Prepare's. */
export const markFailedInputSchema = z.union([
  z.extend(variationInputSchema, { all: z.optional(z.literal(false)) }),
  z.extend(executionInputSchema, { all: z.literal(true), error: z.optional(caughtErrorSchema) }),
]);

/** A task's input that is not what the state machine should hand it: a fault of the flow, not of the user. */
export class TaskInputError extends Error {
  override name = 'TaskInputError';
}

/** Parses what the state machine handed a task; throws `TaskInputError` naming the task and the first problem. */
export function parseTaskInput<S extends z.ZodMiniType>(schema: S, event: unknown, task: string): z.infer<S> {
  const parsed = z.safeParse(schema, event);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new TaskInputError(`${task}: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
}
