import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { clearTokens, getTokens, logout, onTokensChange } from '@app/contracts';

function isAuthorizedSnapshot(): boolean {
  return getTokens() !== null;
}

/** True while a token pair is stored; follows sign-in, refresh failure and sign-out. */
export function useIsAuthorized(): boolean {
  return useSyncExternalStore(onTokensChange, isAuthorizedSnapshot, isAuthorizedSnapshot);
}

/**
 * Ends the session: tells the API (best effort, so a dead network still signs
 * out locally), forgets the tokens and every cached answer of this member.
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
}
