import { publicApi } from '@shared/api/public';
import type { PublicProject } from '@shared/schemas/projects';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

/** `GET /api/public/projects/{id}?k=token`, without signing in. */
export const getPublicProject = (id: string, token: string, signal?: AbortSignal): Promise<PublicProject> =>
  callApi(publicApi, 'GET /api/public/projects/{projectId}', {
    params: { projectId: id },
    query: { k: token },
    signal,
  });

export const publicProjectQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['public-project', id, token] as const,
    queryFn: ({ signal }) => getPublicProject(id, token, signal),
    staleTime: 60_000,
  });
