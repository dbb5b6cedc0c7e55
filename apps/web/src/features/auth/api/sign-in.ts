import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BAD_CREDENTIALS_DETAIL,
  httpClient,
  setTokens,
  type TokenResponse,
  type UserMe,
} from '@app/contracts';
import type { getGetMeQueryKey, getMe, login, TokenForm } from '@app/contracts';

export { BAD_CREDENTIALS_DETAIL };

/*
 * The two calls of the sign-in form, typed as the generated ones and sent
 * through the same client, without importing the generated module: it is one
 * module for the whole API and, with the react-query parts its hooks use,
 * ~14 KB gzip the signed-out first screen does not need. sign-in.test.ts
 * checks each sends exactly what its generated twin sends.
 */

/** POST /token (the generated `login`). */
export const requestTokens: typeof login = (tokenForm, options, signal) => {
  const form = new URLSearchParams();
  form.append('password', tokenForm.password);
  form.append('username', tokenForm.username);
  return httpClient<TokenResponse>(
    {
      url: '/token',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: form,
      signal,
    },
    options,
  );
};

/** GET /users/me (the generated `getMe`). */
export const requestMe: typeof getMe = (options, signal) =>
  httpClient<UserMe>({ url: '/users/me', method: 'GET', signal }, options);

/** The query key of the generated `useGetMe`. */
export const meQueryKey: typeof getGetMeQueryKey = () => ['/users/me'] as const;

/**
 * Signs in: asks for the tokens, loads the member before the session flips
 * (so the first screen opens with its data), then stores the tokens.
 * Resolves with the member (null when that read failed: the screen loads it
 * again); rejects as the token call does.
 */
export function useSignIn(): (form: TokenForm) => Promise<UserMe | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (form: TokenForm) => {
      const pair = await requestTokens(form);
      let me: UserMe | null = null;
      try {
        me = await requestMe({ headers: { Authorization: `Bearer ${pair.access_token}` } });
        queryClient.setQueryData(meQueryKey(), me);
      } catch {
        // The dashboard loads it again; the tokens are what matter here.
      }
      setTokens({ access: pair.access_token, refresh: pair.refresh_token });
      return me;
    },
    [queryClient],
  );
}
