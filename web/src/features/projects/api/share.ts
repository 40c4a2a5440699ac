import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchCachedProject } from './projects';

const enc = encodeURIComponent;

/** `POST /api/projects/{id}/share`: the project's read-only link (the live one, or a new one). */
export const createShareLink = (projectId: string) =>
  api.post(`/projects/${enc(projectId)}/share`) as Promise<{ url: string }>;

/** `DELETE /api/projects/{id}/share`: the link stops working. */
export const revokeShareLink = (projectId: string) =>
  api.delete(`/projects/${enc(projectId)}/share`) as Promise<void>;

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
