import { publicApi } from '@shared/api/public';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

/** `GET /api/public/projects/{id}/files/{fileId}/plan?k=token`: a shared drawing's plan, without signing in. */
export const publicPlanQueryOptions = (projectId: string, token: string, fileId: string, viewId?: string) =>
  queryOptions({
    queryKey: ['public-plan', projectId, token, fileId, viewId ?? ''] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi(publicApi, 'GET /api/public/projects/{projectId}/files/{fileId}/plan', {
          params: { projectId, fileId },
          query: { k: token, ...(viewId ? { view: viewId } : {}) },
          signal,
        })
      ).plan,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2000 : false),
  });

/** `GET /api/public/projects/{id}/building?k=token`: a shared project's levels, without signing in. */
export const publicBuildingQueryOptions = (projectId: string, token: string) =>
  queryOptions({
    queryKey: ['public-building', projectId, token] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi(publicApi, 'GET /api/public/projects/{projectId}/building', {
          params: { projectId },
          query: { k: token },
          signal,
        })
      ).building,
  });
