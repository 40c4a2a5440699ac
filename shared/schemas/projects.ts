import * as z from 'zod';
import { MAX_FILE_BYTES } from '../constants';
import { ACCEPTED_EXTENSIONS, FILE_TYPES } from '../domain';
import { PLAN_STATUSES, PLAN_VERDICTS, viewIdSchema } from '../plan/schema';
import { jsonValueProblem } from './common';
import {
  cameraSchema,
  promptReadingSummarySchema,
  RENDER_STATUSES,
  refinesSchema,
  renderExportsSchema,
} from './generations';
import {
  ACCEPTED_TYPES_MESSAGE,
  CONTENT_TYPES_BY_EXTENSION,
  contentTypeFits,
  DESCRIPTION_MAX,
  fileExtension,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
  UNKNOWN_CONTENT_TYPE,
} from './project-rules';

export const PROJECT_STATUSES = ['draft', 'processing', 'completed', 'failed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
export const FILE_STATUSES = ['uploading', 'uploaded', 'error'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export { ACCEPTED_TYPES_MESSAGE, DESCRIPTION_MAX, fileExtension, TAG_MAX, TAGS_MAX, TITLE_MAX };

const title = z
  .string({ error: 'Project title is required' })
  .trim()
  .min(1, 'Please enter a project title first')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);
/** Empty descriptions are stored as null (spec §3). */
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));
/** Tags are trimmed; empty ones dropped; duplicates (case-insensitive) kept once. */
const tags = z
  .array(z.string().trim().max(TAG_MAX, `Tags must be at most ${TAG_MAX} characters`))
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
const settings = z.record(z.string().max(100), z.unknown()).superRefine((value, ctx) => {
  const problem = jsonValueProblem(value, 10_000);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem === 'The value is too large' ? 'Settings are too large' : problem,
    });
});

export const createProjectSchema = z.strictObject({
  title,
  description: description.optional().transform((v) => v ?? null),
  tags: tags.optional().transform((v) => v ?? []),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

export const updateProjectSchema = z
  .strictObject({ title, description, tags, settings })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

export const listProjectsQuerySchema = z.strictObject({
  status: z.enum(['all', ...PROJECT_STATUSES]).default('all'),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type ListProjectsQuery = z.input<typeof listProjectsQuerySchema>;

export const createFileSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'File name is required')
      .max(255, 'File name must be at most 255 characters')
      .refine((n) => (ACCEPTED_EXTENSIONS as readonly string[]).includes(fileExtension(n)), {
        message: ACCEPTED_TYPES_MESSAGE,
      }),
    size: z.number().int().min(1, 'File is empty').max(MAX_FILE_BYTES, 'File is larger than 100 MB'),
    contentType: z
      .string()
      .trim()
      .max(200)
      .transform((type) => (type === '' ? UNKNOWN_CONTENT_TYPE : type.toLowerCase()))
      .optional()
      .default(UNKNOWN_CONTENT_TYPE)
      .describe(
        `A type that fits the name's extension (${Object.entries(CONTENT_TYPES_BY_EXTENSION)
          .map(([extension, types]) => `.${extension}: ${types.join(', ')}`)
          .join('; ')}) or ${UNKNOWN_CONTENT_TYPE}, the default`,
      ),
  })
  .refine((input) => contentTypeFits(input.name, input.contentType), {
    path: ['contentType'],
    message: 'The declared type does not match the file name’s extension',
  });
export type CreateFileInput = z.input<typeof createFileSchema>;

/** The 3D model's export formats (`GET …/files/{fileId}/model?format=`). */
export const MODEL_FORMATS = ['glb', 'ifc'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];
export const modelQuerySchema = z.strictObject({ format: z.enum(MODEL_FORMATS).default('glb') });

export const publicProjectQuerySchema = z.object({ k: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** `?view=page-3`: the plan of another storey the drawing holds (one of its file's `storeyViews`). */
export const planQuerySchema = z.strictObject({ view: viewIdSchema.optional() });

export const publicPlanQuerySchema = publicProjectQuerySchema.extend({ view: viewIdSchema.optional() });

export const projectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: projectStatusSchema,
  tags: z.array(z.string()),
  settings: z.record(z.string(), z.unknown()),
  thumbnailUrl: z.string().nullable(),
  fileCount: z.number(),
  renderCount: z.number(),
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

const planStatusOfFile = z.enum(PLAN_STATUSES);

export const projectFileSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  originalName: z.string(),
  fileType: z.enum(FILE_TYPES),
  contentType: z.string(),
  sizeBytes: z.number(),
  status: z.enum(FILE_STATUSES),
  storagePath: z.string(),
  previewUrl: z.string().nullable(),
  error: z.string().optional(),
  createdAt: z.string(),
  /** The plan model's state (`GET …/files/{fileId}/plan`), absent until the upload completes. */
  planStatus: planStatusOfFile.optional(),
  /** Why the plan failed or holds no walls. */
  planMessage: z.string().optional(),
  /** The plan check's verdict: looks right, worth checking, or could not read this drawing. */
  planVerdict: z.enum(PLAN_VERDICTS).optional(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectRenderSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  fileId: z.string().nullable(),
  /** Rendered from the project's building (every level), not from the drawing `fileId` alone. */
  building: z.boolean().optional(),
  generationId: z.string().optional(),
  /** 1 lighting and materials, 2 camera, 3 time of day (renders of a generation). */
  variation: z.number().nullish(),
  prompt: z.string(),
  style: z.string().nullable(),
  status: z.enum(RENDER_STATUSES),
  renderUrl: z.string().nullable(),
  previewUrl: z.string().nullish(),
  error: z.string().nullish(),
  /** The camera the user chose for it in the 3D viewer, when one was. */
  camera: cameraSchema.nullish(),
  /**
   * Drawn in the style's own projection (isometric, cut-away interior): the camera on the 3D model nearest to it,
   * where "Open in 3D" opens the viewer.
   */
  viewpoint: cameraSchema.optional(),
  /** What the local renderer understood of the prompt, and the words that changed nothing. */
  promptReading: promptReadingSummarySchema.optional(),
  /** A refinement's render: the render it refines and the follow-up words (shown in that render's thread). */
  refines: refinesSchema.optional(),
  /** How much of the model's geometry the image kept (0–1), when it was made from the model's camera. */
  geometryKept: z.number().optional(),
  /** It kept less of the model than the `rendering.min_geometry_kept` setting: it did not keep the design. */
  designLost: z.boolean().optional(),
  /** Its high-resolution exports, by size (pixels on the long side). */
  exports: renderExportsSchema.optional(),
  createdAt: z.string(),
});
export type ProjectRender = z.infer<typeof projectRenderSchema>;

export const projectDetailSchema = projectSummarySchema.extend({
  files: z.array(projectFileSchema),
  renders: z.array(projectRenderSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectPageSchema = z.object({
  items: z.array(projectSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** `POST …/files`: the file record and the presigned POST its bytes go to. */
export const uploadTicketSchema = z.object({
  file: projectFileSchema,
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** The project's read-only link; null when it has none. */
export const shareLinkSchema = z.object({ url: z.string().nullable() });

export const publicProjectSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  /** The project's picture (its newest render's preview, or its first drawing's), a card-sized WebP. */
  thumbnailUrl: z.string().nullable(),
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      fileType: z.enum(FILE_TYPES),
      sizeBytes: z.number(),
      previewUrl: z.string().nullable(),
      /** Whether what Planform read in it (its 3D model) is ready. */
      planStatus: planStatusOfFile.optional(),
      createdAt: z.string(),
    }),
  ),
  renders: z.array(
    z.object({
      prompt: z.string(),
      style: z.string().nullable(),
      imageUrl: z.string().nullable(),
      previewUrl: z.string().nullish(),
      createdAt: z.string(),
    }),
  ),
});
export type PublicProject = z.infer<typeof publicProjectSchema>;
