import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetMe } from '@app/contracts';
import { PageFallback } from './layouts/page-fallback';
import { isStaff } from '../lib/staff';

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
