import { Navigate, Outlet } from 'react-router-dom';
import { useAuthStore } from '../features/auth';

/** SPEC §6: a stored token is what makes a visitor "authenticated" in the browser. */
export function RequireAuth() {
  const token = useAuthStore((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Signed-in users have no business on the login and register forms. */
export function PublicOnly() {
  const token = useAuthStore((state) => state.token);
  return token ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
