import { filesApi } from '@shared/api/files';
import type { PlanCorrections } from '@shared/plan/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

export const planKeys = {
  plan: (projectId: string, fileId: string) => ['plan', projectId, fileId] as const,
};

/** `GET …/files/{fileId}/plan`, asked again every second while the drawing is being read. */
export const planQueryOptions = (projectId: string, fileId: string) =>
  queryOptions({
    queryKey: planKeys.plan(projectId, fileId),
    queryFn: async ({ signal }) =>
      (
        await callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/plan', {
          params: { projectId, fileId },
          signal,
        })
      ).plan,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });

/** `PATCH …/files/{fileId}/plan`: a scale applies at once; another view or page is read again. */
export function useCorrectPlan(projectId: string, fileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (corrections: PlanCorrections) =>
      (
        await callApi(filesApi, 'PATCH /api/projects/{projectId}/files/{fileId}/plan', {
          params: { projectId, fileId },
          body: corrections,
        })
      ).plan,
    onSuccess: (plan) => client.setQueryData(planKeys.plan(projectId, fileId), plan),
  });
}
