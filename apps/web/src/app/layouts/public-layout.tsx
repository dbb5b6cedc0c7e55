import { Outlet } from 'react-router-dom';
import { ScreenSlot } from './screen-slot';

export function PublicLayout() {
  return (
    <div className="shell">
      <ScreenSlot>
        <Outlet />
      </ScreenSlot>
    </div>
  );
}
