import { httpClient, type TokenResponse, type UserMe } from '@app/contracts';
import type { getGetMeQueryKey, getMe, login } from '@app/contracts';

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
