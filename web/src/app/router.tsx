import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { LoadingScreen } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { adminRoutes } from './routes/admin';
import { RouteErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found';

// The signed-in areas load on demand, so the landing page and sign-in stay small (the initial-JS budget).
const loadProjects = () => import('@/features/projects');
const DashboardPage = lazy(() => loadProjects().then((m) => ({ default: m.DashboardPage })));
const ProjectDetailPage = lazy(() => loadProjects().then((m) => ({ default: m.ProjectDetailPage })));
const PublicProjectPage = lazy(() => loadProjects().then((m) => ({ default: m.PublicProjectPage })));
const UploadPage = lazy(() => import('@/features/upload').then((m) => ({ default: m.UploadPage })));
const loadAuth = () => import('@/features/auth/pages');
const LoginPage = lazy(() => loadAuth().then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => loadAuth().then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() => loadAuth().then((m) => ({ default: m.ForgotPasswordPage })));
const ConfirmSignUpPage = lazy(() => loadAuth().then((m) => ({ default: m.ConfirmSignUpPage })));
const ResetPasswordPage = lazy(() => loadAuth().then((m) => ({ default: m.ResetPasswordPage })));
const suspend = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'auth/login', element: suspend(<LoginPage />) },
          { path: 'auth/signup', element: suspend(<SignUpPage />) },
        ],
      },
      { path: 'auth/forgot-password', element: suspend(<ForgotPasswordPage />) },
      { path: 'auth/confirm', element: suspend(<ConfirmSignUpPage />) },
      { path: 'reset-password', element: suspend(<ResetPasswordPage />) },
      { path: 'projects/:id/public', element: suspend(<PublicProjectPage />) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: suspend(<DashboardPage />) },
          { path: 'upload', element: suspend(<UploadPage />) },
          { path: 'projects/:id', element: suspend(<ProjectDetailPage />) },
        ],
      },
      adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
