import { type PlanCorrections, planModelSchema } from '@shared/plan/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;
const planResponseSchema = z.object({ plan: planModelSchema });
const planPath = (projectId: string, fileId: string) =>
  `/projects/${enc(projectId)}/files/${enc(fileId)}/plan`;

export const planKeys = {
  plan: (projectId: string, fileId: string) => ['plan', projectId, fileId] as const,
};

/** `GET …/files/{fileId}/plan`, asked again every second while the drawing is being read. */
export const planQueryOptions = (projectId: string, fileId: string) =>
  queryOptions({
    queryKey: planKeys.plan(projectId, fileId),
    queryFn: async () => (await api.get(planPath(projectId, fileId), { schema: planResponseSchema })).plan,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });

/** `PATCH …/files/{fileId}/plan`: a scale applies at once; another view or page is read again. */
export function useCorrectPlan(projectId: string, fileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (corrections: PlanCorrections) =>
      (await api.patch(planPath(projectId, fileId), corrections, { schema: planResponseSchema })).plan,
    onSuccess: (plan) => client.setQueryData(planKeys.plan(projectId, fileId), plan),
  });
}
