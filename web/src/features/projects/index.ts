export { buildingQueryOptions } from './api/building';
export {
  createProject,
  deleteProject,
  patchCachedProject,
  projectKeys,
  projectQueryOptions,
  projectsQueryOptions,
  useCreateProject,
} from './api/projects';
export { DashboardPage } from './components/dashboard-page';
export { ProjectDetailPage } from './components/project-detail-page';
export { PublicProjectPage } from './components/public-project-page';
export { StatusBadge } from './components/status-badge';
export { addTag, TagInput } from './components/tag-input';
