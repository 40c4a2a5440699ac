/**
 * The API reference (docs/api.md), generated from the route table and the zod schemas: `npm run docs:api`.
 * A test fails when a route has no entry here or docs/api.md is out of date.
 */
import * as z from 'zod';
import { planCorrectionsSchema } from './plan/schema';
import { ROUTES, routeKey } from './routes';
import {
  createSettingSchema,
  createTemplateSchema,
  listJobsQuerySchema,
  listStorageQuerySchema,
  listUsersQuerySchema,
  updateSettingSchema,
  updateTemplateSchema,
  updateUserRoleSchema,
} from './schemas/admin';
import {
  createGenerationSchema,
  exportRenderSchema,
  refineRenderSchema,
  renderDownloadQuerySchema,
} from './schemas/generations';
import {
  createFileSchema,
  createProjectSchema,
  listProjectsQuerySchema,
  publicProjectQuerySchema,
  updateProjectSchema,
} from './schemas/projects';

interface RouteDoc {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  headers?: string;
  responses: string[];
}

const OWNER = '404 `NOT_FOUND` to anyone but the owner (no hint that the project exists)';
const ADMIN = '403 `FORBIDDEN` unless the stored role is admin or super_admin';
const SUPER = '403 `FORBIDDEN` unless the stored role is super_admin';

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': { summary: 'Liveness of the API.', responses: ['200 `{ status: "ok" }`'] },
  'GET /api/me': {
    summary:
      'The caller, with the role the server stores (created on first call for administrator-made users).',
    responses: ['200 `{ id, email, role }`'],
  },
  'GET /api/projects': {
    summary:
      "The caller's projects, newest `updatedAt` first, with file and render counts; search and status filter.",
    query: listProjectsQuerySchema,
    responses: [
      '200 `{ items: ProjectSummary[], nextCursor: string | null }`',
      '400 bad status, limit or cursor',
    ],
  },
  'POST /api/projects': {
    summary: 'Creates a draft project.',
    body: createProjectSchema,
    responses: ['201 `ProjectSummary`', '400 `VALIDATION_FAILED` (unknown fields too)'],
  },
  'GET /api/projects/{projectId}': {
    summary: 'The project with its files and renders, newest first.',
    responses: ['200 `ProjectDetail`', OWNER],
  },
  'PATCH /api/projects/{projectId}': {
    summary: 'Updates title, description, tags or settings; stamps `updatedAt`. Other fields are rejected.',
    body: updateProjectSchema,
    responses: ['200 `ProjectSummary`', '400 `VALIDATION_FAILED`', OWNER],
  },
  'DELETE /api/projects/{projectId}': {
    summary:
      'Deletes renders, files, jobs, the project, its stored objects and its share link; counters follow.',
    responses: ['204', OWNER],
  },
  'GET /api/projects/{projectId}/share': {
    summary: 'The live read-only link, if any (does not create one).',
    responses: ['200 `{ url: string | null }`', OWNER],
  },
  'POST /api/projects/{projectId}/share': {
    summary: 'Creates the read-only link (a 256-bit token) or returns the live one.',
    responses: ['201 / 200 `{ url }`', OWNER],
  },
  'DELETE /api/projects/{projectId}/share': { summary: 'Revokes the link.', responses: ['204', OWNER] },
  'POST /api/projects/{projectId}/files': {
    summary: 'Records a file and returns a presigned POST (1 B–100 MB, 15 minutes) to upload it to S3.',
    body: createFileSchema,
    responses: ['201 `{ file, upload: { url, fields } }`', '400 type or size', OWNER],
  },
  'POST /api/projects/{projectId}/files/{fileId}/complete': {
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
    summary: 'A presigned GET (5 minutes) that downloads the file under its original name.',
    responses: ['200 `{ url, fileName, expiresIn }`', OWNER],
  },
  'GET /api/projects/{projectId}/files/{fileId}/plan': {
    summary:
      "What Planform read from the drawing: `{ plan: PlanModel }` (shared/plan/schema.ts). Read once after the upload completes; `status` is `processing` until then, `failed` with a `message` when the drawing could not be read, and `ready` with walls, openings and rooms in the drawing's own space (CAD units y up; image pixels y down; PDF points y down). A `ready` plan with no walls carries a `message` (an elevation, a page of text). `storeyHeight` (metres) is the drawing's when it states one, else the `rendering.storey_height` setting: every 3D model of the plan is built at it.",
    responses: ['200 `{ plan }`', '404 the file is not uploaded', OWNER],
  },
  'GET /api/projects/{projectId}/files/{fileId}/model': {
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
    summary:
      'Corrects the plan and keeps the correction: `metresPerUnit` (a known length or chosen units) applies at once; `viewId` (`page-N` of a PDF, `view-N` of a CAD sheet, from `plan.source.views`) reads the drawing again (the answer is then `processing`).',
    body: planCorrectionsSchema,
    responses: [
      '200 `{ plan }`',
      '400 `VALIDATION_FAILED`',
      '409 `CONFLICT` while the plan is still being read',
      OWNER,
    ],
  },
  'DELETE /api/projects/{projectId}/files/{fileId}': {
    summary: 'Deletes a file (uploaded or still uploading) and its objects; counts follow.',
    responses: ['204', OWNER],
  },
  'GET /api/public/projects/{projectId}': {
    summary: 'The read-only view of a shared project (no auth). Never e-mails, user ids or storage keys.',
    query: publicProjectQuerySchema,
    responses: [
      '200 `PublicProject` with `Referrer-Policy: no-referrer`, `X-Robots-Tag: noindex`',
      '404 wrong or revoked link',
    ],
  },
  'GET /api/public/projects/{projectId}/files/{fileId}/plan': {
    summary:
      "What Planform read in a shared drawing (the share page's 3D view), without the owner's corrections. Never starts a reading.",
    query: publicProjectQuerySchema,
    responses: [
      "200 `{ plan }` (`PlanModel`; `processing` until the owner's upload has been read) with `Referrer-Policy: no-referrer`",
      '404 wrong or revoked link, or no such file in the shared project',
    ],
  },
  'POST /api/projects/{projectId}/generations': {
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
    summary: 'A generation with each render: image URLs once completed, the message once failed.',
    responses: ['200 `{ generation }`', OWNER],
  },
  'POST /api/projects/{projectId}/renders/{renderId}/retry': {
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
  'GET /api/admin/stats': {
    summary: 'Platform statistics from counters (O(1)), week-over-week changes and health probes.',
    responses: ['200 stats', ADMIN],
  },
  'GET /api/admin/users': {
    summary: 'Profiles newest first with counts and last activity; search by e-mail, filter by role.',
    query: listUsersQuerySchema,
    responses: ['200 `{ items, nextCursor }`', ADMIN],
  },
  'PATCH /api/admin/users/{userId}': {
    summary:
      "Changes a user's role (profile and Cognito groups). Only super admins grant or revoke super_admin.",
    body: updateUserRoleSchema,
    responses: ['200 user', '403 escalation refused', '409 the last super admin', ADMIN],
  },
  'GET /api/admin/templates': {
    summary: 'Prompt templates, newest first.',
    responses: ['200 `{ items }`', ADMIN],
  },
  'POST /api/admin/templates': {
    summary: 'Creates a prompt template (`variables` as a list, JSON string or comma-separated text).',
    body: createTemplateSchema,
    responses: ['201 template', ADMIN],
  },
  'PATCH /api/admin/templates/{templateId}': {
    summary: 'Updates a template, or activates/deactivates it with `{ isActive }`.',
    body: updateTemplateSchema,
    responses: ['200 template', '404', ADMIN],
  },
  'DELETE /api/admin/templates/{templateId}': { summary: 'Deletes a template.', responses: ['204', ADMIN] },
  'GET /api/admin/settings': {
    summary: 'System settings by key, and the known keys with their defaults.',
    responses: ['200 `{ items, known }`', SUPER],
  },
  'POST /api/admin/settings': {
    summary: 'Creates a setting; known keys are typed and validated.',
    body: createSettingSchema,
    responses: ['201 setting', '409 key exists', SUPER],
  },
  'PATCH /api/admin/settings/{key}': {
    summary: 'Updates a setting (the key is immutable).',
    body: updateSettingSchema,
    responses: ['200 setting', '409 concurrent edit', SUPER],
  },
  'DELETE /api/admin/settings/{key}': { summary: 'Deletes a setting.', responses: ['204', SUPER] },
  'GET /api/admin/jobs': {
    summary: 'The AI job queue, newest first, filterable by status.',
    query: listJobsQuerySchema,
    responses: ['200 `{ items, nextCursor }`', ADMIN],
  },
  'GET /api/admin/health': {
    summary: 'Real probes: database, AI provider, storage.',
    responses: ['200 health', ADMIN],
  },
  'GET /api/admin/storage': {
    summary: 'Storage used in total and per user.',
    query: listStorageQuerySchema,
    responses: ['200 storage', ADMIN],
  },
};

function schemaBlock(title: string, schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return `${title}:\n\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n`;
}

export function generateApiReference(): string {
  const parts = [
    '# API reference',
    '',
    '<!-- Generated by `npm run docs:api` from shared/routes.ts and shared/api-docs.ts. Do not edit. -->',
    '',
    'All routes are under `/api`, JSON in and out. `jwt` routes need `Authorization: Bearer <Cognito ID token>`',
    '(without it: 401 `{ "message": "Unauthorized" }`, as the HTTP API JWT authorizer answers). Errors are',
    '`{ "error": { "code", "message", "details"? } }`; a client mistake is never a 500.',
    '',
    '| route | auth | summary |',
    '|---|---|---|',
    ...ROUTES.map((r) => `| \`${routeKey(r)}\` | ${r.auth} | ${ROUTE_DOCS[routeKey(r)]?.summary ?? ''} |`),
    '',
  ];
  for (const route of ROUTES) {
    const doc = ROUTE_DOCS[routeKey(route)];
    if (!doc) throw new Error(`No API documentation for ${routeKey(route)}`);
    parts.push(`## \`${routeKey(route)}\``, '', `${doc.summary} Auth: \`${route.auth}\`.`, '');
    if (doc.headers) parts.push(`Headers: ${doc.headers}`, '');
    if (doc.query) parts.push(schemaBlock('Query', doc.query));
    if (doc.body) parts.push(schemaBlock('Body', doc.body));
    parts.push('Responses:', '', ...doc.responses.map((r) => `- ${r}`), '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

if (process.argv[1]?.endsWith('api-docs.ts')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../docs/api.md', import.meta.url), generateApiReference());
  console.log('docs/api.md written');
}
