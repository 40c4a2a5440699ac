import type { Generation } from '@shared/schemas/generations';
import type {
  ProjectDetail,
  ProjectFile,
  ProjectRender,
  ProjectSummary,
  PublicProject,
} from '@shared/schemas/projects';

/** What Amplify leaves in localStorage for a signed-in user: the app then loads Amplify to read the session. */
export function storeAmplifyTokens(userId = 'u1'): void {
  window.localStorage.setItem('CognitoIdentityServiceProvider.test-client.LastAuthUser', userId);
}

let seq = 0;
const nextId = () => `01jz${(seq++).toString(36).padStart(22, '0')}`;

/** Midday UTC: the same calendar day in any time zone a test machine uses. */
export const CREATED_AT = '2025-03-05T12:00:00.000Z';

export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: nextId(),
    title: 'Riverside House',
    description: null,
    status: 'draft',
    tags: [],
    settings: {},
    thumbnailUrl: null,
    fileCount: 0,
    renderCount: 0,
    shared: false,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

export function projectFile(overrides: Partial<ProjectFile> = {}): ProjectFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    projectId: 'p1',
    name: `1700000000000-${overrides.originalName ?? 'plan.png'}`,
    originalName: 'plan.png',
    fileType: 'image',
    contentType: 'image/png',
    sizeBytes: 1536,
    status: 'uploaded',
    storagePath: `user/p1/${id}`,
    previewUrl: null,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

export function projectRender(overrides: Partial<ProjectRender> = {}): ProjectRender {
  return {
    id: nextId(),
    projectId: 'p1',
    fileId: null,
    prompt: 'Photorealistic exterior view',
    style: 'variation-1',
    status: 'completed',
    renderUrl: 'https://renders.example/r.png',
    previewUrl: null,
    error: null,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

export function projectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return { ...projectSummary(), files: [], renders: [], ...overrides };
}

export function publicProject(overrides: Partial<PublicProject> = {}): PublicProject {
  return {
    title: 'Riverside House',
    description: null,
    tags: [],
    thumbnailUrl: null,
    files: [],
    renders: [],
    ...overrides,
  };
}

export function generation(overrides: Partial<Generation> = {}): Generation {
  return {
    id: 'g1',
    projectId: 'p1',
    status: 'running',
    prompt: 'Photorealistic exterior view',
    style: null,
    fidelity: 0.7,
    fileId: 'f1',
    analysis: null,
    succeeded: 0,
    failed: 0,
    createdAt: CREATED_AT,
    finishedAt: null,
    renders: [],
    ...overrides,
  };
}
