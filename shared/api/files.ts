/** A project's drawings: upload, what Planform read in them (the plan), their 3D model and downloads. */
import * as z from 'zod';
import { buildingSchema, MAX_LEVELS, projectBuildingSchema } from '../building/schema';
import { planPatchSchema } from '../plan/edits';
import { drawingLinesResponseSchema, MAX_DRAWING_LINES, planResponseSchema } from '../plan/schema';
import { downloadLinkSchema } from '../schemas/common';
import {
  createFileSchema,
  modelQuerySchema,
  planQuerySchema,
  projectFileSchema,
  uploadTicketSchema,
} from '../schemas/projects';
import { defineFeature } from './contract';
import { OWNER } from './words';

export const filesApi = defineFeature('files', {
  'POST /api/projects/{projectId}/files': {
    auth: 'jwt',
    response: uploadTicketSchema,
    summary: 'Records a file and returns a presigned POST (1 B–100 MB, 15 minutes) to upload it to S3.',
    body: createFileSchema,
    responses: ['201 `{ file, upload: { url, fields } }`', '400 type or size', OWNER],
  },
  'POST /api/projects/{projectId}/files/{fileId}/complete': {
    auth: 'jwt',
    response: projectFileSchema,
    summary:
      'Checks the stored object (size ≤ 100 MB, content by magic bytes or DXF structure) and counts it.',
    responses: [
      '200 `ProjectFile`',
      '413 over 100 MB / 422 content does not match: object deleted, file marked `error`',
      '409 not uploaded yet',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/files/{fileId}/download': {
    auth: 'jwt',
    response: downloadLinkSchema,
    summary: 'A presigned GET (5 minutes) that downloads the file under its original name.',
    responses: ['200 `{ url, fileName, expiresIn }`', OWNER],
  },
  'GET /api/projects/{projectId}/files/{fileId}/plan': {
    auth: 'jwt',
    response: planResponseSchema,
    query: planQuerySchema,
    summary:
      "What Planform read from the drawing: `{ plan: PlanModel }` (shared/plan/schema.ts). Read once after the upload completes; `status` is `processing` until then, `failed` with a `message` when the drawing could not be read, and `ready` with walls, openings and rooms in the drawing's own space (CAD units y up; image pixels y down; PDF points y down). A `ready` plan with no walls carries a `message` (an elevation, a page of text). `storeyHeight` (metres) is the drawing's when it states one, else the `rendering.storey_height` setting: every 3D model of the plan is built at it. Walls and openings carry stable `id`s (edits name them); `revision` is the plan's version, also sent as the `ETag` header. With `?view=page-3`, the plan of another storey the drawing holds (a page or view of it naming one storey, read once after the upload; the building's levels name them), as read and without corrections.",
    responses: [
      '200 `{ plan }` with its `ETag`',
      '400 `VALIDATION_FAILED` (a `view` that is not `page-N` or `view-N`)',
      '404 the file is not uploaded, or holds no other storey at that `view`',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/files/{fileId}/plan/lines': {
    auth: 'jwt',
    response: drawingLinesResponseSchema,
    summary: `The drawing's own straight lines that were not read as walls (a missed wall's faces, jambs, partitions drawn as one line, furniture), in the plan's space as \`[x1, y1, x2, y2]\` (at most ${MAX_DRAWING_LINES.toLocaleString('en')}, the longest), kept with the plan's latest reading: the plan editor snaps a drawn wall to their ends and along them. Empty for a drawing read as a picture (JPEG, PNG, a scanned PDF), one that could not be read, and one read before the lines were kept.`,
    responses: ['200 `{ lines }`', '404 the file is not uploaded', OWNER],
  },
  'GET /api/projects/{projectId}/files/{fileId}/model': {
    auth: 'jwt',
    response: downloadLinkSchema,
    query: modelQuerySchema,
    summary:
      "The drawing's 3D model, built from its plan by the one scene builder (shared/scene): `?format=glb` (glTF 2.0 binary, metres, Y up, a named node per wall, opening and room) or `?format=ifc` (IFC4: IfcWall per wall with its thickness, IfcDoor/IfcWindow filling IfcOpeningElements, IfcSpace per room with its net floor area, IfcSlab floors and roof; metres, Z up). Answers a presigned GET (5 minutes) that downloads `<drawing name>-model.glb` or `.ifc`.",
    responses: [
      '200 `{ url, fileName, expiresIn }`',
      '400 `VALIDATION_FAILED` (an unknown format)',
      '409 `CONFLICT` while the plan is still being read',
      "422 `UNPROCESSABLE` when no walls were read (the plan's message says why)",
      OWNER,
    ],
  },
  'PATCH /api/projects/{projectId}/files/{fileId}/plan': {
    auth: 'jwt',
    response: planResponseSchema,
    summary:
      "Corrects and edits the plan, and keeps what changed: `metresPerUnit` (a known length or chosen units) applies at once; `edits` (at most 1,000 operations: `add-wall`, `change-wall`, `delete-wall`, `add-opening`, `change-opening`, `delete-opening` by the stable `id`s of `plan.walls` and `plan.openings`, and `name-room` at a point; shared/plan/edits.ts) apply at once, in order, the rooms are found again from the walls, and the edits are kept to be applied on top of every later reading (one that no longer fits is left out with a warning); `viewId` (`page-N` of a PDF, `view-N` of a CAD sheet, from `plan.source.views`) or `resetEdits: true` read the drawing again (the answer is then `processing`). Send the plan's `ETag` (its `revision`) as `If-Match`: when the plan changed meanwhile nothing is written and the answer is 412. The 3D model, its exports and the next generation use the corrected plan.",
    body: planPatchSchema,
    responses: [
      '200 `{ plan }` with its new `ETag`',
      "400 `VALIDATION_FAILED` (an edit that does not fit: an unknown id, an opening off its wall, a wall thinner than 0.02 m or thicker than 2 m, a point more than ten times the drawing's size away, more than 5,000 walls)",
      '409 `CONFLICT` while the plan is still being read',
      '412 `PRECONDITION_FAILED` when `If-Match` names an older revision',
      '422 `UNPROCESSABLE` edits to a plan that could not be read',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/building': {
    auth: 'jwt',
    response: z.object({ building: projectBuildingSchema }),
    summary:
      "The project's building: its levels bottom first, each the stored plan of one of its drawings (`fileId`) with a `name`, the floor's `elevationM`, an optional `storeyHeightM`, and how it is placed over the level below (`rotationDeg` a quarter turn counter-clockwise seen from above, `offsetM` [east, south] in metres). Until the user saves one, a proposal (`proposed: true`) from the drawings that have a plan with walls, ordered by the storey their titles or file names name (Ground floor, EG / 1.OG, RDC / R+1, 1F / 2F, План 1 этажа…) at their level marks (+3,300), else floor on floor; `warnings` say what to check. `revision` is also the `ETag`.",
    responses: ['200 `{ building }` with its `ETag`', OWNER],
  },
  'PUT /api/projects/{projectId}/building': {
    auth: 'jwt',
    response: z.object({ building: projectBuildingSchema }),
    body: buildingSchema,
    summary: `Saves the project's levels (1 to ${MAX_LEVELS}; shared/building/schema.ts). Every level's drawing must belong to the project and have a plan with walls. Send the building's \`ETag\` as \`If-Match\` to save only over the version you saw.`,
    responses: [
      '200 `{ building }` with its new `ETag`',
      '400 `VALIDATION_FAILED` (more than 50 levels, a turn that is not a quarter, a level whose drawing is not in the project or has no plan with walls)',
      '412 `PRECONDITION_FAILED` when `If-Match` names an older revision',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/building/model': {
    auth: 'jwt',
    response: downloadLinkSchema,
    query: modelQuerySchema,
    summary:
      "The whole building as one 3D model, built from the levels' stored plans (with their corrections): `?format=glb` (a node per storey, placed at its elevation, holding its walls, openings and rooms; the roof on the top one) or `?format=ifc` (IFC4, an IfcBuildingStorey per level at its elevation holding its walls, doors, windows, spaces and slabs). Uses the saved building, else the proposal. Answers a presigned GET (5 minutes) that downloads `<project title>-building.glb` or `.ifc`.",
    responses: [
      '200 `{ url, fileName, expiresIn }`',
      '400 `VALIDATION_FAILED` (an unknown format)',
      '422 `UNPROCESSABLE` when no drawing of the project has a plan with walls',
      OWNER,
    ],
  },
  'DELETE /api/projects/{projectId}/files/{fileId}': {
    auth: 'jwt',
    summary: 'Deletes a file (uploaded or still uploading) and its objects; counts follow.',
    responses: ['204', OWNER],
  },
});
