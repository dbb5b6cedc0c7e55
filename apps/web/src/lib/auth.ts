import { useSyncExternalStore } from 'react';
import { getTokens, onTokensChange } from '@app/contracts';

function isAuthorizedSnapshot(): boolean {
  return getTokens() !== null;
}

/** True while a token pair is stored; follows sign-in, refresh failure and sign-out. */
export function useIsAuthorized(): boolean {
  return useSyncExternalStore(onTokensChange, isAuthorizedSnapshot, isAuthorizedSnapshot);
}
