import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useGetMe } from '@app/contracts';
import { useIsAuthorized } from '../lib/auth';
import { PageFallback } from './layouts/page-fallback';
import { isStaff } from '../lib/staff';

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

/**
 * The operator area (staff roles): members (and anyone whose role cannot be read) go to /.
 * The API refuses them anyway (403); this keeps them from the screens and
 * from downloading the admin chunk.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useGetMe();
  if (me.isPending) return <PageFallback />;
  if (!isStaff(me.data?.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
