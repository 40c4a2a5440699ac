import { projectsApi } from '@shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { patchCachedProject } from './projects';

/** `POST /api/projects/{id}/share`: the project's read-only link (the live one, or a new one). */
export const createShareLink = (projectId: string) =>
  callApi(projectsApi, 'POST /api/projects/{projectId}/share', { params: { projectId } });

/** `DELETE /api/projects/{id}/share`: the link stops working. */
export const revokeShareLink = (projectId: string) =>
  callApi(projectsApi, 'DELETE /api/projects/{projectId}/share', { params: { projectId } });

export function useCreateShareLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createShareLink(projectId),
    onSuccess: () => patchCachedProject(client, projectId, (p) => ({ ...p, shared: true })),
  });
}

export function useRevokeShareLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeShareLink(projectId),
    onSuccess: () => patchCachedProject(client, projectId, (p) => ({ ...p, shared: false })),
  });
}
