import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from '../lib/navigation';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  const [queryClient] = useState(createQueryClient);

  // Lets the API client send an expired session to /login without a full page load.
  useEffect(() => setNavigator((path) => void router.navigate(path, { replace: true })), [router]);

  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
