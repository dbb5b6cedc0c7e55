import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { onAuthLost, setApiBaseUrl, syncTokensFromStorage } from '@app/contracts';
import { ToastProvider } from '../components/ui/toast';
import { env } from '../lib/env';
import { createQueryClient } from '../lib/query-client';

setApiBaseUrl(env.VITE_API_BASE_URL);

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    // A failed refresh ends the session: the guards send the member to /login.
    const stopAuthLost = onAuthLost(() => {
      queryClient.clear();
      void import('../lib/pwa-worker').then((worker) => worker.clearOfflineData());
    });
    // Signing in or out in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'tokens') syncTokensFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopAuthLost();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
