/** Generations of three visualizations, refinements, retries, high-resolution exports and downloads. */
import { downloadLinkSchema } from '../schemas/common';
import {
  createGenerationSchema,
  exportRenderSchema,
  generationResponseSchema,
  refineRenderSchema,
  renderDownloadQuerySchema,
  renderExportResponseSchema,
} from '../schemas/generations';
import { defineFeature } from './contract';
import { OWNER } from './words';

export const generationsApi = defineFeature('generations', {
  'POST /api/projects/{projectId}/generations': {
    auth: 'jwt',
    response: generationResponseSchema,
    summary:
      'Starts a generation of three variations (idempotent with `Idempotency-Key`). `camera` (optional: `{ position, target, fovDeg }` on the 3D model, metres, Y up) renders variations 1 and 3 from a camera placed in the viewer (2 from the opposite corner); each render returns the camera it was made from (`camera`), or, drawn in the style’s own projection (isometric, cut-away interior), the camera on the model nearest to it (`viewpoint`).',
    body: createGenerationSchema,
    headers: '`Idempotency-Key` (optional, 8–128 characters): the same key returns the same generation.',
    responses: [
      '202 `{ generation }` with three pending renders',
      '400 `VALIDATION_FAILED` (blank prompt) or `NO_DRAWING` (no uploaded file)',
      '429 `TOO_MANY_REQUESTS` with `Retry-After` (running or daily limit)',
      '503 maintenance mode',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/generations/{generationId}': {
    auth: 'jwt',
    response: generationResponseSchema,
    summary: 'A generation with each render: image URLs once completed, the message once failed.',
    responses: ['200 `{ generation }`', OWNER],
  },
  'POST /api/projects/{projectId}/renders/{renderId}/retry': {
    auth: 'jwt',
    response: generationResponseSchema,
    summary:
      'Runs one failed variation again through the same flow (its generation reopens; counts against the limits). Idempotent: while its retry runs, the same request answers that run.',
    responses: [
      '202 `{ generation }` (header `idempotent-replayed` when answering a retry under way)',
      '409 the render has not failed, or another variation of its generation is still rendering',
      '429 a generation limit',
      '503 maintenance',
      OWNER,
    ],
  },
  'POST /api/projects/{projectId}/renders/{renderId}/refine': {
    auth: 'jwt',
    response: generationResponseSchema,
    summary:
      'Refines a completed render: one new render of the same drawing, variation and camera from its brief with the follow-up words after it. Same flow, limits and Idempotency-Key as a generation; listed under the render it refines (`refines`).',
    body: refineRenderSchema,
    responses: [
      '202 `{ generation }` (one render; `refines: { renderId, prompt }`)',
      '400 an empty or over-long follow-up, or a render that has not completed',
      '422 Idempotency-Key reused with another request',
      '429 a generation limit',
      '503 maintenance',
      OWNER,
    ],
  },
  'POST /api/projects/{projectId}/renders/{renderId}/exports': {
    auth: 'jwt',
    response: renderExportResponseSchema,
    summary:
      "Asks for a completed render's high-resolution export, `{ size: 2048 | 4096 }` px on the long side, made asynchronously (the local renderer renders it again at that size; an AI render is upscaled on Bedrock). The render's `exports[size]` says `processing`, `ready` or `failed`; the original render stays. Idempotent: one ready or under way is answered as it is.",
    body: exportRenderSchema,
    responses: [
      '202 `{ export: { size, status: "processing" } }` (started)',
      '200 `{ export: { size, status } }` (ready, or under way already)',
      '400 a size not offered (the `limits.max_export_size` setting), or a render that has not completed',
      OWNER,
    ],
  },
  'GET /api/projects/{projectId}/renders/{renderId}/download': {
    auth: 'jwt',
    response: downloadLinkSchema,
    summary:
      'A presigned PNG download of a completed render, saved as "<project title> - <variation name>.png"; with `?size=2048|4096`, of its high-resolution export ("… (4096 px).png").',
    query: renderDownloadQuerySchema,
    responses: [
      '200 `{ url, fileName, expiresIn }`',
      '404 no image (not completed)',
      '409 that export is not ready',
      OWNER,
    ],
  },
});
