import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from './lazy-page';
import { PublicOnly, RequireAuth } from './require-auth';

const LoginPage = lazyPage(
  () => import('../features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/components/register-page'),
  (m) => m.RegisterPage,
);
const AuthCallbackPage = lazyPage(
  () => import('../features/auth/components/auth-callback-page'),
  (m) => m.AuthCallbackPage,
);
const QueryScope = lazyPage(
  () => import('./query-scope'),
  (m) => m.QueryScope,
);
const AppShell = lazyPage(
  () => import('./shell/app-shell'),
  (m) => m.AppShell,
);
const DashboardRoute = lazyPage(
  () => import('./routes/dashboard-route'),
  (m) => m.DashboardRoute,
  (m) => m.prefetch,
);
const ProjectsPage = lazyPage(
  () => import('../features/projects/components/projects-page'),
  (m) => m.ProjectsPage,
);
const ProjectDetailRoute = lazyPage(
  () => import('./routes/project-detail-route'),
  (m) => m.ProjectDetailRoute,
  (m) => m.prefetch,
);
const SettingsRoute = lazyPage(
  () => import('./routes/settings-route'),
  (m) => m.SettingsRoute,
  (m) => m.prefetch,
);
const NotificationsRoute = lazyPage(
  () => import('./routes/notifications-route'),
  (m) => m.NotificationsRoute,
  (m) => m.prefetch,
);
const AnalyzeFullRoute = lazyPage(
  () => import('./routes/analyze-full-route'),
  (m) => m.AnalyzeFullRoute,
  (m) => m.prefetch,
);

/** Spec §2 route table. Exported so tests can mount it on a memory router. */
export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
    ],
  },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <QueryScope />,
        children: [
          // Protected, but deliberately outside the shell.
          { path: '/analyze-full/:id', element: <AnalyzeFullRoute /> },
          {
            element: <AppShell />,
            children: [
              { path: '/', element: <Navigate to="/dashboard" replace /> },
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/projects', element: <ProjectsPage /> },
              { path: '/projects/:id', element: <ProjectDetailRoute /> },
              { path: '/settings', element: <SettingsRoute /> },
              { path: '/notifications', element: <NotificationsRoute /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
