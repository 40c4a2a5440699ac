import type { PublicProject } from '@shared/schemas/projects';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/public/projects/{id}?k=token`, without signing in. */
export const getPublicProject = (id: string, token: string, signal?: AbortSignal) =>
  api.get(`/public/projects/${encodeURIComponent(id)}?k=${encodeURIComponent(token)}`, {
    auth: false,
    signal,
  }) as Promise<PublicProject>;

export const publicProjectQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['public-project', id, token] as const,
    queryFn: ({ signal }) => getPublicProject(id, token, signal),
    staleTime: 60_000,
  });
