import { projectsApi } from '@shared/api/projects';
import type {
  CreateProjectInput,
  ProjectDetail,
  ProjectPage,
  ProjectStatus,
  ProjectSummary,
  UpdateProjectInput,
} from '@shared/schemas/projects';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

export type StatusFilter = 'all' | ProjectStatus;
/** The spec's All, Draft, Processing, Completed, and Failed (a project whose latest generation made no render). */
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'draft', 'processing', 'completed', 'failed'];

export interface ProjectListFilters {
  status: StatusFilter;
  q: string;
}

export const PROJECTS_PAGE_SIZE = 24;

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (filters: ProjectListFilters) => ['projects', 'list', filters] as const,
  details: () => ['projects', 'detail'] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
};

/** `GET /api/projects`: one page of the caller's projects, newest update first. */
export function listProjects(
  filters: ProjectListFilters,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ProjectPage> {
  return callApi(projectsApi, 'GET /api/projects', {
    query: {
      status: filters.status,
      limit: PROJECTS_PAGE_SIZE,
      q: filters.q.trim(),
      cursor: cursor ?? undefined,
    },
    signal,
  });
}

/** `GET /api/projects/{id}`: the project with its files and renders, newest first. */
export const getProject = (id: string, signal?: AbortSignal): Promise<ProjectDetail> =>
  callApi(projectsApi, 'GET /api/projects/{projectId}', { params: { projectId: id }, signal });

/** `POST /api/projects`: a new draft project. */
export const createProject = (input: CreateProjectInput): Promise<ProjectSummary> =>
  callApi(projectsApi, 'POST /api/projects', { body: input });

/** `PATCH /api/projects/{id}`: title, description, tags or settings. */
export const updateProject = (id: string, patch: UpdateProjectInput): Promise<ProjectSummary> =>
  callApi(projectsApi, 'PATCH /api/projects/{projectId}', { params: { projectId: id }, body: patch });

/** `DELETE /api/projects/{id}`: the project with all its files and renders. */
export const deleteProject = (id: string): Promise<undefined> =>
  callApi(projectsApi, 'DELETE /api/projects/{projectId}', { params: { projectId: id } });

/** The dashboard's list: pages of projects for a status filter and search text, fetched on demand. */
export const projectsQueryOptions = (filters: ProjectListFilters) =>
  infiniteQueryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listProjects(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A project rendering changes status when it settles: keep the list current until none is.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((p) => p.status === 'processing'))
        ? RENDER_POLL_MS
        : false,
  });

/** How often a project with renders still in progress is read again. */
export const RENDER_POLL_MS = 4000;

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProject(id, signal),
    // Renders that are still pending or processing settle on the server: keep the page current until they do.
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ||
      query.state.data?.renders.some(
        (r) =>
          r.status === 'pending' ||
          r.status === 'processing' ||
          Object.values(r.exports ?? {}).some((e) => e?.status === 'processing'),
      )
        ? RENDER_POLL_MS
        : false,
  });

type ListData = InfiniteData<ProjectPage, string | null>;

/** Applies `change` to the project wherever it is cached: every dashboard list and its detail. */
export function patchCachedProject(
  client: QueryClient,
  id: string,
  change: (project: ProjectSummary) => ProjectSummary,
) {
  client.setQueriesData<ListData>({ queryKey: projectKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((p) => (p.id === id ? change(p) : p)),
          })),
        }
      : data,
  );
  client.setQueryData<ProjectDetail>(projectKeys.detail(id), (detail) =>
    detail ? { ...detail, ...change(detail) } : detail,
  );
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateProjectInput) => updateProject(id, patch),
    onSuccess: (summary) => {
      patchCachedProject(client, id, (p) => ({ ...p, ...summary }));
      void client.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProject(id),
    onSuccess: (_result, id) => {
      client.setQueriesData<ListData>({ queryKey: projectKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })),
            }
          : data,
      );
      client.removeQueries({ queryKey: projectKeys.detail(id) });
      void client.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
