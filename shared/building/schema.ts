/**
 * A project's building: an ordered list of levels (storeys), each built from the stored plan of one of the project's
 * drawings, stacked at its floor elevation and placed over the level below by a quarter turn and a shift. What the
 * user confirms or changes; the scene builder (`build.ts`) turns it into one model.
 */
import * as z from 'zod';
import { viewIdSchema } from '../plan/schema';

/** A building of more storeys than this is not a project's drawings (a hostile or broken request). */
export const MAX_LEVELS = 50;
/** Floor elevations and shifts beyond this (metres) are not a building's. */
const MAX_ELEVATION_M = 1000;
const MAX_OFFSET_M = 10_000;
/** Storey heights a building can have, metres (a crawl space to a hall). */
export const STOREY_HEIGHT_M = { min: 1.8, max: 20 } as const;
export const QUARTER_TURNS = [0, 90, 180, 270] as const;

const metres = (limit: number) => z.number().finite().min(-limit).max(limit);

export const levelSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    /** The project's drawing whose stored plan (with the user's corrections) is this level. */
    fileId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[0-9a-z]+$/, 'Not a file id'),
    /**
     * The view or page of that drawing holding this storey's plan (`page-3`, `view-2`) when the drawing holds
     * several storeys; left out, the drawing's own plan as the user corrected it.
     */
    viewId: viewIdSchema.optional(),
    /** Top of the level's floor slab above the building's datum, metres. */
    elevationM: metres(MAX_ELEVATION_M),
    /** Floor to ceiling, metres; the plan's own (or the `rendering.storey_height` setting) when left out. */
    storeyHeightM: z.number().finite().min(STOREY_HEIGHT_M.min).max(STOREY_HEIGHT_M.max).optional(),
    /** Turn of the plan about the vertical, counter-clockwise seen from above, degrees. */
    rotationDeg: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).default(0),
    /** Shift of the turned plan on the floor, metres: [east, south] (the scene's x and z). */
    offsetM: z.tuple([metres(MAX_OFFSET_M), metres(MAX_OFFSET_M)]).default([0, 0]),
  })
  .strict();
export type Level = z.infer<typeof levelSchema>;

export const buildingSchema = z
  .object({
    levels: z
      .array(levelSchema)
      .min(1, 'A building has at least one level')
      .max(MAX_LEVELS, `A building has at most ${MAX_LEVELS} levels`),
  })
  .strict();
export type BuildingLevels = z.infer<typeof buildingSchema>;

/** The building as stored and answered: `proposed` when the user has not confirmed it yet. */
export const projectBuildingSchema = buildingSchema.extend({
  /** Empty while no drawing of the project has a plan with walls. */
  levels: z.array(levelSchema).max(MAX_LEVELS),
  proposed: z.boolean(),
  /** The stored building's version (0 for a proposal), also sent as the `ETag` header. */
  revision: z.number().int().min(0),
  /** What the user should know: a level's drawing without a plan, a proposal made from file order alone. */
  warnings: z.array(z.string()),
});
export type ProjectBuilding = z.infer<typeof projectBuildingSchema>;
