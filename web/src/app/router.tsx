import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import {
  ConfirmSignUpPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SignUpPage,
} from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { DashboardPage, ProjectDetailPage, PublicProjectPage } from '@/features/projects';
import { UploadPage } from '@/features/upload';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { adminRoutes } from './routes/admin';
import { RouteErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found';

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'auth/login', element: <LoginPage /> },
          { path: 'auth/signup', element: <SignUpPage /> },
        ],
      },
      { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: 'auth/confirm', element: <ConfirmSignUpPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'projects/:id/public', element: <PublicProjectPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'upload', element: <UploadPage /> },
          { path: 'projects/:id', element: <ProjectDetailPage /> },
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
