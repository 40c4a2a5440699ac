/** Projects and their share links. */
import {
  createProjectSchema,
  listProjectsQuerySchema,
  projectDetailSchema,
  projectPageSchema,
  projectSummarySchema,
  shareLinkSchema,
  updateProjectSchema,
} from '../schemas/projects';
import { defineFeature } from './contract';
import { OWNER } from './words';

export const projectsApi = defineFeature('projects', {
  'GET /api/projects': {
    auth: 'jwt',
    response: projectPageSchema,
    summary:
      "The caller's projects, newest `updatedAt` first, with file and render counts; search and status filter.",
    query: listProjectsQuerySchema,
    responses: [
      '200 `{ items: ProjectSummary[], nextCursor: string | null }`',
      '400 bad status, limit or cursor',
    ],
  },
  'POST /api/projects': {
    auth: 'jwt',
    response: projectSummarySchema,
    summary: 'Creates a draft project.',
    body: createProjectSchema,
    responses: ['201 `ProjectSummary`', '400 `VALIDATION_FAILED` (unknown fields too)'],
  },
  'GET /api/projects/{projectId}': {
    auth: 'jwt',
    response: projectDetailSchema,
    summary: 'The project with its files and renders, newest first.',
    responses: ['200 `ProjectDetail`', OWNER],
  },
  'PATCH /api/projects/{projectId}': {
    auth: 'jwt',
    response: projectSummarySchema,
    summary: 'Updates title, description, tags or settings; stamps `updatedAt`. Other fields are rejected.',
    body: updateProjectSchema,
    responses: ['200 `ProjectSummary`', '400 `VALIDATION_FAILED`', OWNER],
  },
  'DELETE /api/projects/{projectId}': {
    auth: 'jwt',
    summary:
      'Deletes renders, files, jobs, the project, its stored objects and its share link; counters follow.',
    responses: ['204', OWNER],
  },
  'GET /api/projects/{projectId}/share': {
    auth: 'jwt',
    response: shareLinkSchema,
    summary: 'The live read-only link, if any (does not create one).',
    responses: ['200 `{ url: string | null }`', OWNER],
  },
  'POST /api/projects/{projectId}/share': {
    auth: 'jwt',
    response: shareLinkSchema,
    summary: 'Creates the read-only link (a 256-bit token) or returns the live one.',
    responses: ['201 / 200 `{ url }`', OWNER],
  },
  'DELETE /api/projects/{projectId}/share': {
    auth: 'jwt',
    summary: 'Revokes the link.',
    responses: ['204', OWNER],
  },
});
