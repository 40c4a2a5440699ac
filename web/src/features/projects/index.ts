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
export { ImageViewerDialog, type ViewerImage } from './components/image-viewer-dialog';
export { ProjectDetailPage } from './components/project-detail-page';
export { PublicProjectPage } from './components/public-project-page';
export { StatusBadge } from './components/status-badge';
export { addTag, TagInput } from './components/tag-input';
