import { parseInviteCode } from '@app/domain';

/** The invite code to prefill: ?code= first, then the "code" cookie. */
export function initialInviteCode(search: string, cookie: string): string {
  const fromQuery = new URLSearchParams(search).get('code');
  if (fromQuery) return fromQuery.trim();
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'code') {
      try {
        return decodeURIComponent(rest.join('=')).trim();
      } catch {
        return rest.join('=').trim();
      }
    }
  }
  return '';
}

/** What the API gets: 0 for "no inviter", the number, or the raw text for the server to refuse. */
export function inviteCodeForApi(value: string | undefined): number | string {
  const parsed = parseInviteCode(value);
  if (parsed === null) return 0;
  if (parsed === 'invalid') return (value ?? '').trim();
  return parsed;
}
