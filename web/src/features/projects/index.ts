export { DashboardPage } from './components/dashboard-page';
export { ProjectDetailPage } from './components/project-detail-page';
export { PublicProjectPage } from './components/public-project-page';
