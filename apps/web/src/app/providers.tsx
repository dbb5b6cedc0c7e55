import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  onAuthLost,
  setApiBaseUrl,
  setRequestLanguage,
  syncTokensFromStorage,
} from '@app/contracts';
import { ToastProvider } from '../components/ui/toast';
import { env } from '../lib/env';
import { currentLanguage, i18n } from '../lib/i18n';
import { createQueryClient, refetchContent } from '../lib/query-client';

setApiBaseUrl(env.VITE_API_BASE_URL);
// Every API call asks for content and mail in the interface language
// (contract section 10); registered before any component's listener, so a
// stream reopened on a language change already asks in the new one.
setRequestLanguage(currentLanguage());
i18n.on('languageChanged', () => setRequestLanguage(currentLanguage()));

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
    // Content comes in the interface language: a new one refetches it.
    const onLanguage = () => refetchContent(queryClient);
    i18n.on('languageChanged', onLanguage);
    return () => {
      i18n.off('languageChanged', onLanguage);
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
