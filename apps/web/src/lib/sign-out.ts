import type { QueryClient } from '@tanstack/react-query';
import { clearTokens, getTokens, logout } from '@app/contracts';
import { clearDrafts } from './draft';
import { clearOfflineData } from './pwa-worker';

/**
 * Ends the session: tells the API (best effort, so a dead network still signs
 * out locally), forgets the tokens and every cached answer of this member,
 * in memory and in the service worker's offline copy.
 * Apart from lib/auth.ts so the entry (whose guards read the session) does
 * not import the generated calls.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getTokens()) {
    try {
      await logout();
    } catch {
      // The refresh tokens expire on their own; the local session ends anyway.
    }
  }
  clearTokens();
  queryClient.clear();
  clearDrafts();
  await clearOfflineData();
}
