import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '../features/auth';
import { loginPathFor, returnPathFrom } from '../lib/return-path';

/**
 * Spec §6: a stored token is what makes a visitor "authenticated" in the browser. Without one, the
 * page asked for rides along to the login form, so signing in lands there rather than on the
 * dashboard.
 */
export function RequireAuth() {
  const token = useAuthStore((state) => state.token);
  const { pathname, search, hash } = useLocation();
  return token ? <Outlet /> : <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
}

/** Signed-in users have no business on the login and register forms: on to where they were going. */
export function PublicOnly() {
  const token = useAuthStore((state) => state.token);
  const [params] = useSearchParams();
  return token ? <Navigate to={returnPathFrom(params)} replace /> : <Outlet />;
}
