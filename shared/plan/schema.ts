/**
 * The plan model: Planform's understanding of one uploaded drawing, computed once per file, stored, shown to the
 * user ("What Planform read"), corrected by them, and used by every generation, the viewer and the exports.
 *
 * Every coordinate and thickness is in the uploaded drawing's own space, so the plan can be laid over the original:
 * - CAD (DXF, DWG): model-space drawing units as stored, y up;
 * - images: pixels of the uploaded image after EXIF orientation, origin top-left, y down;
 * - PDF: points (1/72 inch) of the page used, origin top-left, y down.
 * `space.metresPerUnit` turns those units into metres. Fields may be added; none may be renamed.
 */
import * as z from 'zod';

export const PLAN_MODEL_VERSION = 1;

export const PLAN_STATUSES = ['processing', 'ready', 'failed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_SOURCE_FORMATS = ['jpeg', 'png', 'pdf', 'dxf', 'dxf-binary', 'dwg'] as const;
export const PLAN_UNITS = [
  'mm',
  'cm',
  'dm',
  'm',
  'km',
  'in',
  'ft',
  'yd',
  'mi',
  'unitless',
  'px',
  'pt',
] as const;
export type PlanUnits = (typeof PLAN_UNITS)[number];

/** What a view (a part of a sheet) or a page shows. */
export const VIEW_KINDS = ['plan', 'elevation', 'section', 'text', 'unknown'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export const OPENING_KINDS = ['door', 'window', 'opening'] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];

const coordinate = z.number().finite();
export const pointSchema = z.tuple([coordinate, coordinate]);
export type PlanPoint = z.infer<typeof pointSchema>;

export const boundsSchema = z.object({
  minX: coordinate,
  minY: coordinate,
  maxX: coordinate,
  maxY: coordinate,
});
export type PlanBounds = z.infer<typeof boundsSchema>;

/**
 * A wall's or an opening's id: stable across reads of the same drawing (derived from its geometry, see
 * shared/plan/ids.ts) or chosen by the editor for what a user added. Edits refer to walls and openings by it.
 */
export const planItemIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'An id is 1–40 letters, digits, _ or -');

export const planWallSchema = z.object({
  id: planItemIdSchema.optional(),
  /** Centreline end points. */
  a: pointSchema,
  b: pointSchema,
  thickness: z.number().finite().nonnegative(),
});
export type PlanWall = z.infer<typeof planWallSchema>;

/** A window's sill and a door's or window's head above the floor, metres (a user's; else the storey's defaults). */
export const OPENING_HEIGHT_M = { sillMax: 3, headMin: 0.3, headMax: 6 } as const;

export const planOpeningSchema = z.object({
  id: planItemIdSchema.optional(),
  kind: z.enum(OPENING_KINDS),
  /** The opening's two jambs, on the wall's centreline. */
  a: pointSchema,
  b: pointSchema,
  sillM: z.number().finite().min(0).max(OPENING_HEIGHT_M.sillMax).optional(),
  headM: z.number().finite().min(OPENING_HEIGHT_M.headMin).max(OPENING_HEIGHT_M.headMax).optional(),
});
export type PlanOpening = z.infer<typeof planOpeningSchema>;

export const planRoomSchema = z.object({
  /** Outline, counter-clockwise in a y-up space (clockwise on screen for y-down spaces); not closed. */
  polygon: z.array(pointSchema).min(3),
  areaM2: z.number().finite().nonnegative(),
  /** The room's name as written in it on the drawing (CAD and PDF texts), null when none is. */
  label: z.string().nullable(),
});
export type PlanRoom = z.infer<typeof planRoomSchema>;

/**
 * A flight of stairs drawn in the plan (its treads at an even going): the flight's outline in the drawing's space,
 * from the first tread's edge (the first two corners, where it starts) to the last's.
 */
export const planStairSchema = z.object({
  /** From the flight's foot (the first two corners) to its head. */
  outline: z.tuple([pointSchema, pointSchema, pointSchema, pointSchema]),
  treads: z.number().int().min(2).max(100),
  /** The drawing shows which way the flight climbs (its walking line's arrow, or "UP"/"DN" at an end); else its foot is a guess. */
  climbDrawn: z.boolean().optional(),
});
export type PlanStair = z.infer<typeof planStairSchema>;

/** A view's or page's id: `page-2` (a PDF's second page), `view-1` (a CAD sheet's first view). */
export const viewIdSchema = z.string().regex(/^(page|view)-\d{1,4}$/, 'Not a view id (page-N or view-N)');

/** A view on a CAD sheet or a page of a PDF, as found; the user may pick another one as the plan. */
export const planViewSchema = z.object({
  /** Stable id to pass back in a correction: `page-2`, `view-1`. */
  id: z.string(),
  label: z.string(),
  kind: z.enum(VIEW_KINDS),
  /** For PDFs, the 1-based page. */
  page: z.number().int().positive().optional(),
  /** For sheets, the view's extent in the drawing's space. */
  bounds: boundsSchema.optional(),
  /**
   * The storeys the view's texts name, each once, as written ("Main Floor", "2nd Floor"): one for a storey's plan,
   * several for an overview or a schedule (shared/building/level-names.ts).
   */
  storeys: z.array(z.string().max(80)).max(20).optional(),
  /**
   * For another plan of the same building on the sheet (a second state, a services plan over the same walls, another
   * floor of about the same size): the walls read in it, shown on the overlay. The 3D model is built from the
   * plan's own `walls` only.
   */
  walls: z.array(planWallSchema).optional(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** What the user changed; kept with the file and applied every time the plan is recomputed. */
export const planCorrectionsSchema = z.strictObject({
  /** A known scale (from a measured length or chosen units). */
  metresPerUnit: z.number().finite().positive().max(1e6).optional(),
  /** The view or page that holds the plan (an id from `source.views`). */
  viewId: viewIdSchema.optional(),
});
export type PlanCorrections = z.infer<typeof planCorrectionsSchema>;

/** What the drawing itself said about the reading, measured when it was read (see shared/plan/check.ts). */
export const planEvidenceSchema = z.object({
  /** Share of the plan view's ink that lies on a wall or at an opening (0–1). */
  inkExplained: z.number().min(0).max(1),
  /** Share of that ink lying around the walls (within their extent grown by 15 % of its longer side), 0–1. */
  inkAroundWalls: z.number().min(0).max(1),
});
export type PlanEvidence = z.infer<typeof planEvidenceSchema>;

export const PLAN_VERDICTS = ['looks-right', 'worth-checking', 'unreadable'] as const;
export type PlanVerdict = (typeof PLAN_VERDICTS)[number];

/** The plan check: whether the reading can be trusted, and why not, in words a user can act on. */
export const planCheckSchema = z.object({
  verdict: z.enum(PLAN_VERDICTS),
  reasons: z.array(z.string()),
});
export type PlanCheck = z.infer<typeof planCheckSchema>;

/** Stair flights kept in a plan, at most (a building has a few; more are a pattern read as treads). */
export const MAX_PLAN_STAIRS = 50;

export const planModelSchema = z.object({
  version: z.literal(PLAN_MODEL_VERSION),
  status: z.enum(PLAN_STATUSES),
  /** Why the plan failed or is empty, in words a user can act on. */
  message: z.string().optional(),
  source: z.object({
    format: z.enum(PLAN_SOURCE_FORMATS),
    /** The PDF page used (1-based). */
    page: z.number().int().positive().optional(),
    pageCount: z.number().int().positive().optional(),
    /** The label of the view or page the plan was read from. */
    view: z.string().optional(),
    /** What this view or page shows. */
    viewKind: z.enum(VIEW_KINDS).optional(),
    /** How the walls read were drawn, in words ("double lines 0.10–0.30 m apart, on layer A-WALL"). */
    wallDrawing: z.string().max(300).optional(),
    /** Every view or page found, so the user can choose another. */
    views: z.array(planViewSchema).optional(),
    /**
     * The drawing's space → pixels of the file's preview image, [a, b, c, d, e, f] with px = a·x + b·y + c and
     * py = d·x + e·y + f, so the plan can be drawn over the preview (identity for images: their preview is the
     * image itself).
     */
    previewTransform: z
      .tuple([coordinate, coordinate, coordinate, coordinate, coordinate, coordinate])
      .optional(),
    /** Size of the drawing's space: the image in pixels, the page in points, the CAD extents in units. */
    width: z.number().finite().nonnegative().optional(),
    height: z.number().finite().nonnegative().optional(),
  }),
  space: z.object({
    units: z.enum(PLAN_UNITS),
    metresPerUnit: z.number().finite().positive(),
    /** True when the scale was guessed rather than read from the file or given by the user. */
    scaleGuessed: z.boolean(),
    /** Where the scale came from. */
    scaleSource: z.enum(['file', 'inferred', 'guessed', 'user']).optional(),
    yDown: z.boolean(),
    /** Extent of what was read as the plan. */
    bounds: boundsSchema.optional(),
  }),
  walls: z.array(planWallSchema),
  openings: z.array(planOpeningSchema),
  rooms: z.array(planRoomSchema),
  /** The stair flights drawn (found by their treads); absent on plans read before stairs were. */
  stairs: z.array(planStairSchema).max(MAX_PLAN_STAIRS).optional(),
  warnings: z.array(z.string()),
  evidence: planEvidenceSchema.optional(),
  /** The plan check of a ready plan (absent while processing, and on plans stored before the check). */
  check: planCheckSchema.optional(),
  corrections: planCorrectionsSchema.optional(),
  /** How many of the user's edits (shared/plan/edits.ts) the plan holds; absent when it holds none. */
  editCount: z.number().int().nonnegative().optional(),
  /**
   * The plan's version, sent as its `ETag`: it changes with every read and every correction. An edit sent with
   * `If-Match` for another version is refused (412).
   */
  revision: z.number().int().nonnegative().optional(),
  /**
   * Floor to ceiling, metres: the drawing's when it states one; in API answers otherwise the
   * `rendering.storey_height` system setting, so every 3D model of the plan has the same height.
   */
  storeyHeight: z.number().finite().min(2).max(6).optional(),
});
export type PlanModel = z.infer<typeof planModelSchema>;

/** `GET /api/projects/{projectId}/files/{fileId}/plan` (and its PATCH, and the shared project's). */
export const planResponseSchema = z.object({ plan: planModelSchema });
export type PlanResponse = z.infer<typeof planResponseSchema>;

/** The most drawing lines kept for the plan editor to snap to. */
export const MAX_DRAWING_LINES = 8000;

/** One of the drawing's own straight lines, in the plan's space: [x1, y1, x2, y2]. */
export const drawingLineSchema = z.tuple([coordinate, coordinate, coordinate, coordinate]);
export type DrawingLine = z.infer<typeof drawingLineSchema>;

/**
 * The drawing's own straight lines that were not read as walls (a missed wall's faces, jambs, single-line partitions,
 * furniture), kept with each reading: the plan editor snaps drawn walls to them. None for drawings read as pictures.
 */
export const drawingLinesResponseSchema = z.object({
  lines: z.array(drawingLineSchema).max(MAX_DRAWING_LINES),
});
export type DrawingLinesResponse = z.infer<typeof drawingLinesResponseSchema>;

/** A plan read to the end with walls: what a 3D model, a level or a render can be built from. */
export const planHasWalls = (plan: PlanModel | null | undefined): plan is PlanModel =>
  plan?.status === 'ready' && plan.walls.length > 0;
