import { planModelSchema } from '@shared/plan/schema';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;
const planResponseSchema = z.object({ plan: planModelSchema });

/** `GET /api/public/projects/{id}/files/{fileId}/plan?k=token`: a shared drawing's plan, without signing in. */
export const publicPlanQueryOptions = (projectId: string, token: string, fileId: string) =>
  queryOptions({
    queryKey: ['public-plan', projectId, token, fileId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(`/public/projects/${enc(projectId)}/files/${enc(fileId)}/plan?k=${enc(token)}`, {
          auth: false,
          signal,
          schema: planResponseSchema,
        })
      ).plan,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2000 : false),
  });
