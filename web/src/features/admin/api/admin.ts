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
  PromptTemplateList,
  RoleFilter,
  SystemHealth,
  SystemSetting,
  SystemSettingList,
  UpdateSettingInput,
  UpdateTemplateInput,
} from '@shared/schemas/admin';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;

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
    queryFn: ({ signal }) => api.get('/admin/stats', { signal }) as Promise<AdminStats>,
  });

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.health(),
    queryFn: ({ signal }) => api.get('/admin/health', { signal }) as Promise<SystemHealth>,
  });

export const usersQueryOptions = (filters: { q: string; role: RoleFilter }) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ role: filters.role, limit: String(PAGE_SIZE) });
      if (filters.q) params.set('q', filters.q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/admin/users?${params}`, { signal }) as Promise<AdminUserPage>;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const updateUserRole = (userId: string, role: Role) =>
  api.patch(`/admin/users/${enc(userId)}`, { role }) as Promise<AdminUser>;

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.templates(),
    queryFn: async ({ signal }) =>
      ((await api.get('/admin/templates', { signal })) as PromptTemplateList).items,
  });

export const createTemplate = (input: CreateTemplateInput) =>
  api.post('/admin/templates', input) as Promise<PromptTemplate>;
export const updateTemplate = (id: string, input: UpdateTemplateInput) =>
  api.patch(`/admin/templates/${enc(id)}`, input) as Promise<PromptTemplate>;
export const deleteTemplate = (id: string) => api.delete(`/admin/templates/${enc(id)}`);

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => api.get('/admin/settings', { signal }) as Promise<SystemSettingList>,
  });

export const createSetting = (input: CreateSettingInput) =>
  api.post('/admin/settings', input) as Promise<SystemSetting>;
export const updateSetting = (key: string, input: UpdateSettingInput) =>
  api.patch(`/admin/settings/${enc(key)}`, input) as Promise<SystemSetting>;
export const deleteSetting = (key: string) => api.delete(`/admin/settings/${enc(key)}`);

export const jobsQueryOptions = (status: JobStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: adminKeys.jobs(status),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/admin/jobs?${params}`, { signal }) as Promise<AdminJobPage>;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const storageQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.storage(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/admin/storage?${params}`, { signal }) as Promise<AdminStorage>;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
