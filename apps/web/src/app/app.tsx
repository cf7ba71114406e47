import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { setNavigator } from '../lib/navigation';
import { Providers } from './providers';
import { RouteBoundary } from './route-boundary';
import { routes } from './routes';

/**
 * The route table on a declarative router: nothing here uses loaders, actions or fetchers, and
 * the data router (createBrowserRouter) was 14.5 KB more of the login page. Its
 * error element is replaced by RouteBoundary.
 */
function AppRoutes() {
  const navigate = useNavigate();
  // Lets the API client send an expired session to /login without a full page load.
  useEffect(() => setNavigator((path) => void navigate(path, { replace: true })), [navigate]);
  return <RouteBoundary>{useRoutes(routes)}</RouteBoundary>;
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
