import { BrowserRouter } from 'react-router-dom';
import { AppStatus } from '../components/ui/app-status';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <AppStatus />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
