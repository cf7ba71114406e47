import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders routes on a memory router with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = testQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** Renders one element at `path`, with stand-ins for the pages it may navigate to. */
export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes(
    [
      { path, element },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/register', element: <p>register page</p> },
      { path: '/projects', element: <p>projects page</p> },
    ],
    path,
  );
}
