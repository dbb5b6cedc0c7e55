import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIsAuthorized } from '../lib/auth';

/** Anonymous visitors of the main layout go to /login (spec section 6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authorized = useIsAuthorized();
  const location = useLocation();
  if (!authorized) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Signed-in members are sent from /login and /register to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const authorized = useIsAuthorized();
  if (authorized) return <Navigate to="/" replace />;
  return <>{children}</>;
}
