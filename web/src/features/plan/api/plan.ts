import { filesApi } from '@shared/api/files';
import type { PlanPatch } from '@shared/plan/edits';
import type { PlanCorrections, PlanModel } from '@shared/plan/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';

export const planKeys = {
  plan: (projectId: string, fileId: string) => ['plan', projectId, fileId] as const,
  storey: (projectId: string, fileId: string, viewId: string) => ['plan', projectId, fileId, viewId] as const,
  lines: (projectId: string, fileId: string, reading: string) =>
    ['plan-lines', projectId, fileId, reading] as const,
};

/** Which reading of the drawing a plan comes from (its page and view): its lines change only with it. */
export const readingOf = (plan: PlanModel) => `${plan.source.page ?? ''}/${plan.source.view ?? ''}`;

/**
 * `GET …/files/{fileId}/plan/lines`: the drawing's own lines that were not read as walls, which the editor snaps to;
 * asked once a reading (they change only when the drawing is read from another page or view).
 */
export const drawingLinesQueryOptions = (projectId: string, fileId: string, reading: string) =>
  queryOptions({
    queryKey: planKeys.lines(projectId, fileId, reading),
    queryFn: async ({ signal }) =>
      (
        await callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/plan/lines', {
          params: { projectId, fileId },
          signal,
        })
      ).lines,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * `GET …/files/{fileId}/plan`, asked again every second while the drawing is being read; with `viewId`, the plan of
 * another storey the drawing holds.
 */
export const planQueryOptions = (projectId: string, fileId: string, viewId?: string) =>
  queryOptions({
    queryKey: viewId ? planKeys.storey(projectId, fileId, viewId) : planKeys.plan(projectId, fileId),
    queryFn: async ({ signal }) =>
      (
        await callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/plan', {
          params: { projectId, fileId },
          ...(viewId ? { query: { view: viewId } } : {}),
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

/**
 * `PATCH …/files/{fileId}/plan` with edits, under the plan's revision (`If-Match`): the answer is the edited plan,
 * which every view of the plan (the 3D tab too) then shows. A 412 means the plan changed elsewhere: it is loaded again.
 */
export function useEditPlan(projectId: string, fileId: string) {
  const client = useQueryClient();
  const key = planKeys.plan(projectId, fileId);
  return useMutation({
    mutationFn: async ({ patch, revision }: { patch: PlanPatch; revision: number | undefined }) =>
      (
        await callApi(filesApi, 'PATCH /api/projects/{projectId}/files/{fileId}/plan', {
          params: { projectId, fileId },
          body: patch,
          ...(revision !== undefined ? { headers: { 'If-Match': `"${revision}"` } } : {}),
        })
      ).plan,
    onSuccess: (plan) => client.setQueryData(key, plan),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) void client.invalidateQueries({ queryKey: key });
    },
  });
}
