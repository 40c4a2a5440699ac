import { filesApi } from '@shared/api/files';
import type { BuildingLevels } from '@shared/building/schema';
import type { ModelFormat } from '@shared/schemas/projects';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { saveFrom } from '@/lib/download';

export const buildingKeys = {
  building: (projectId: string) => ['projects', projectId, 'building'] as const,
};

/** `GET /api/projects/{id}/building`: the project's levels, saved or proposed from its drawings. */
export const buildingQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: buildingKeys.building(projectId),
    queryFn: async ({ signal }) =>
      (await callApi(filesApi, 'GET /api/projects/{projectId}/building', { params: { projectId }, signal }))
        .building,
  });

/** `PUT /api/projects/{id}/building`: saves the levels. */
export const saveBuilding = (projectId: string, levels: BuildingLevels['levels']) =>
  callApi(filesApi, 'PUT /api/projects/{projectId}/building', { params: { projectId }, body: { levels } });

/** Downloads the whole building as one 3D model (a node or IFC storey per level). */
export async function downloadBuildingModel(projectId: string, format: ModelFormat): Promise<void> {
  saveFrom(
    await callApi(filesApi, 'GET /api/projects/{projectId}/building/model', {
      params: { projectId },
      query: { format },
    }),
  );
}
