import { adminApi } from '@shared/api/admin';
import type { Role } from '@shared/constants';
import type {
  AdminJobPage,
  AdminStats,
  AdminStorage,
  AdminUser,
  AdminUserPage,
  CreateSettingInput,
  CreateTemplateInput,
  JobStatus,
  PromptTemplate,
  RoleFilter,
  SystemHealth,
  SystemSetting,
  SystemSettingList,
  UpdateSettingInput,
  UpdateTemplateInput,
} from '@shared/schemas/admin';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  health: () => ['admin', 'health'] as const,
  users: (filters: { q: string; role: RoleFilter }) => ['admin', 'users', filters] as const,
  usersAll: () => ['admin', 'users'] as const,
  templates: () => ['admin', 'templates'] as const,
  settings: () => ['admin', 'settings'] as const,
  jobs: (status: JobStatus | 'all') => ['admin', 'jobs', status] as const,
  storage: () => ['admin', 'storage'] as const,
};

export const PAGE_SIZE = 25;

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }): Promise<AdminStats> => callApi(adminApi, 'GET /api/admin/stats', { signal }),
  });

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.health(),
    queryFn: ({ signal }): Promise<SystemHealth> => callApi(adminApi, 'GET /api/admin/health', { signal }),
  });

export const usersQueryOptions = (filters: { q: string; role: RoleFilter }) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ pageParam, signal }): Promise<AdminUserPage> =>
      callApi(adminApi, 'GET /api/admin/users', {
        query: { role: filters.role, limit: PAGE_SIZE, q: filters.q, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const updateUserRole = (userId: string, role: Role): Promise<AdminUser> =>
  callApi(adminApi, 'PATCH /api/admin/users/{userId}', { params: { userId }, body: { role } });

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.templates(),
    queryFn: async ({ signal }) => (await callApi(adminApi, 'GET /api/admin/templates', { signal })).items,
  });

export const createTemplate = (input: CreateTemplateInput): Promise<PromptTemplate> =>
  callApi(adminApi, 'POST /api/admin/templates', { body: input });
export const updateTemplate = (id: string, input: UpdateTemplateInput): Promise<PromptTemplate> =>
  callApi(adminApi, 'PATCH /api/admin/templates/{templateId}', { params: { templateId: id }, body: input });
export const deleteTemplate = (id: string) =>
  callApi(adminApi, 'DELETE /api/admin/templates/{templateId}', { params: { templateId: id } });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }): Promise<SystemSettingList> =>
      callApi(adminApi, 'GET /api/admin/settings', { signal }),
  });

export const createSetting = (input: CreateSettingInput): Promise<SystemSetting> =>
  callApi(adminApi, 'POST /api/admin/settings', { body: input });
export const updateSetting = (key: string, input: UpdateSettingInput): Promise<SystemSetting> =>
  callApi(adminApi, 'PATCH /api/admin/settings/{key}', { params: { key }, body: input });
export const deleteSetting = (key: string) =>
  callApi(adminApi, 'DELETE /api/admin/settings/{key}', { params: { key } });

export const jobsQueryOptions = (status: JobStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: adminKeys.jobs(status),
    queryFn: ({ pageParam, signal }): Promise<AdminJobPage> =>
      callApi(adminApi, 'GET /api/admin/jobs', {
        query: { status, limit: PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const storageQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.storage(),
    queryFn: ({ pageParam, signal }): Promise<AdminStorage> =>
      callApi(adminApi, 'GET /api/admin/storage', {
        query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
