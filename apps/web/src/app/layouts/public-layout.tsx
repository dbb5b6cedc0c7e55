import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageFallback } from './page-fallback';

export function PublicLayout() {
  return (
    <div className="shell">
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
