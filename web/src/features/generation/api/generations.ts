import { generationsApi } from '@shared/api/generations';
import type { CreateGenerationInput, Generation } from '@shared/schemas/generations';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';

/** How often a running generation is read again. */
export const GENERATION_POLL_MS = 1500;

export const generationKeys = {
  all: ['generations'] as const,
  detail: (projectId: string, generationId: string) => ['generations', projectId, generationId] as const,
};

/**
 * `POST /api/projects/{id}/generations`: starts a generation of three variations (202, renders pending). The same
 * `idempotencyKey` answers with the generation it already started, so a retried click never starts a second one.
 */
export async function createGeneration(
  projectId: string,
  input: CreateGenerationInput,
  idempotencyKey: string,
): Promise<Generation> {
  const body = await callApi(generationsApi, 'POST /api/projects/{projectId}/generations', {
    params: { projectId },
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
  return body.generation;
}

/** `GET /api/projects/{id}/generations/{generationId}`: the generation with its renders as they are now. */
export async function getGeneration(
  projectId: string,
  generationId: string,
  signal?: AbortSignal,
): Promise<Generation> {
  const body = await callApi(generationsApi, 'GET /api/projects/{projectId}/generations/{generationId}', {
    params: { projectId, generationId },
    signal,
  });
  return body.generation;
}

/** A client error (4xx) while polling means the generation cannot be read any more (deleted, signed out). */
export const isFinalPollError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A generation, read again every 1.5 s while it is running and no longer once it has settled. */
export const generationQueryOptions = (projectId: string, generationId: string) =>
  queryOptions({
    queryKey: generationKeys.detail(projectId, generationId),
    queryFn: ({ signal }) => getGeneration(projectId, generationId, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'running' && !isFinalPollError(query.state.error)
        ? GENERATION_POLL_MS
        : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

/** A new Idempotency-Key: one per click, reused when that click's request is retried. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
