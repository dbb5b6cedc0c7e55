/**
 * What the service worker (sw/sw.ts) keeps of the API for offline use, and
 * under which key. Pure: imported by the worker and by the page (which clears
 * the cache on sign-out), and unit tested.
 */

/** The Cache Storage name of the member's last API answers. */
export const API_CACHE = 'api-v1';

/** The messages the service worker posts to its pages. */
export type WorkerMessage = { type: 'network'; ok: boolean };

/**
 * Only the member app's own JSON reads are kept: never writes, never the live
 * events stream, the token calls, files (documents, receipts, exports) or the
 * operator console's data.
 */
export function isCachableApiRequest(
  method: string,
  url: URL,
  accept: string | null,
  origin: string,
): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  const path = url.pathname;
  if (!path.startsWith('/api/')) return false;
  if (/^\/api\/(admin|token|refresh_token|docs)(\/|$)/.test(path)) return false;
  if (path === '/api/users/me/events') return false;
  return (accept ?? '').includes('application/json');
}

/**
 * Whose answer a request reads: the member id (`sub`) of its bearer token,
 * or `anon`. The signature is not checked: this only keeps one member's
 * answers apart from another's in the cache, the API checks the token.
 */
export function memberOfAuthorization(header: string | null): string {
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return 'anon';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'number' || (typeof sub === 'string' && /^\d+$/.test(sub))
      ? String(sub)
      : 'anon';
  } catch {
    return 'anon';
  }
}

/**
 * The cache key of a request read by `member`: its URL with the member in the
 * query, so one member's answers are never given to another, even if a
 * sign-out did not get to clear the cache.
 */
export function cacheKeyFor(url: string, member: string): string {
  const key = new URL(url);
  key.searchParams.set('__member', member);
  return key.href;
}
