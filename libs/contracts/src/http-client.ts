/**
 * The one HTTP client of the web app, used by every generated hook as orval's
 * mutator. It owns the session tokens, adds the bearer header and the
 * device id, turns error bodies into ApiError and applies the token refresh
 * rule (spec section 4).
 */

import type { ErrorCode } from './generated/model';

export interface Tokens {
  access: string;
  refresh: string;
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** What orval passes to the mutator. */
export interface RequestConfig {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: string;
}

/**
 * A non-2xx answer. `detail` is a string, or the list of issues on a 422;
 * `code` is one of the API's catalogue (the OpenAPI ErrorCode enum).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly detail: string | ValidationIssue[] | undefined;
  readonly body: unknown;
  /** Seconds the API asked to wait before trying again (a 429's Retry-After), if it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: unknown, headers?: Headers) {
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const detail = record.detail as string | ValidationIssue[] | undefined;
    const code = typeof record.code === 'string' ? (record.code as ErrorCode) : undefined;
    super(typeof detail === 'string' ? detail : `HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
    this.retryAfterSeconds = parseRetryAfter(headers?.get('Retry-After') ?? null);
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** orval uses these to type errors and request bodies of the generated hooks. */
export type ErrorType<_Error> = ApiError;
export type BodyType<BodyData> = BodyData;

/** The one 401 detail that must reach the caller without a refresh (spec section 8). */
export const BAD_CREDENTIALS_DETAIL = 'Incorrect email or password';

const TOKENS_KEY = 'tokens';

let apiBaseUrl = '/api';
let requestLanguage: string | null = null;
let fetchImpl: typeof fetch | undefined;
let memoryTokens: Tokens | null | undefined;
let refreshInFlight: Promise<Tokens | null> | null = null;
const tokenListeners = new Set<() => void>();
const authLostListeners = new Set<() => void>();

export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}

/**
 * The interface language every call sends as `Accept-Language` (contract
 * section 10: the API picks content and mail by it); null sends none, and
 * the browser's own applies.
 */
export function setRequestLanguage(language: string | null): void {
  requestLanguage = language;
}

export function getRequestLanguage(): string | null {
  return requestLanguage;
}

/**
 * URLs the API hands out for its own files (trailer posters) are relative to
 * the API's root; the browser reaches that root under the base URL. Absolute
 * URLs and URLs already under the base are used as given.
 */
export function resolveApiUrl(url: string): string {
  if (!url || /^(https?:|data:|blob:)/i.test(url) || !url.startsWith('/')) return url;
  if (url === apiBaseUrl || url.startsWith(`${apiBaseUrl}/`)) return url;
  return `${apiBaseUrl}${url}`;
}

/** Tests inject a fake fetch; `undefined` restores the global one. */
export function setFetch(impl: typeof fetch | undefined): void {
  fetchImpl = impl;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readStoredTokens(): Tokens | null {
  const raw = storage()?.getItem(TOKENS_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Tokens>;
    if (typeof parsed.access === 'string' && typeof parsed.refresh === 'string') {
      return { access: parsed.access, refresh: parsed.refresh };
    }
  } catch {
    // A corrupt entry means no session.
  }
  return null;
}

export function getTokens(): Tokens | null {
  if (memoryTokens === undefined) memoryTokens = readStoredTokens();
  return memoryTokens;
}

export function setTokens(tokens: Tokens): void {
  memoryTokens = { access: stripBearer(tokens.access), refresh: stripBearer(tokens.refresh) };
  storage()?.setItem(TOKENS_KEY, JSON.stringify(memoryTokens));
  notify(tokenListeners);
}

export function clearTokens(): void {
  const had = getTokens() !== null;
  memoryTokens = null;
  storage()?.removeItem(TOKENS_KEY);
  if (had) notify(tokenListeners);
}

/** Called on every change of the stored tokens (sign-in, refresh, sign-out). */
export function onTokensChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Called when the session ends because a refresh failed. */
export function onAuthLost(listener: () => void): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

const DEVICE_KEY = 'device_id';
/** The header every call carries (contract section 11). */
export const DEVICE_ID_HEADER = 'X-Device-Id';
let memoryDeviceId: string | undefined;

function randomDeviceId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's device id: random, created once and kept (the API keeps it
 * among a member's risk signals, to tell accounts run from one browser).
 * Without storage it lasts as long as the page.
 */
export function getDeviceId(): string {
  if (memoryDeviceId) return memoryDeviceId;
  const stored = storage()?.getItem(DEVICE_KEY);
  memoryDeviceId = stored && /^[A-Za-z0-9_-]{8,128}$/.test(stored) ? stored : randomDeviceId();
  if (memoryDeviceId !== stored) storage()?.setItem(DEVICE_KEY, memoryDeviceId);
  return memoryDeviceId;
}

/** Another tab signed in or out: drop the cached copy and tell subscribers. */
export function syncTokensFromStorage(): void {
  const before = JSON.stringify(memoryTokens ?? null);
  memoryTokens = readStoredTokens();
  if (JSON.stringify(memoryTokens) !== before) notify(tokenListeners);
}

function notify(listeners: Set<() => void>): void {
  for (const listener of [...listeners]) listener();
}

function stripBearer(token: string): string {
  return token.replace(/^Bearer\s+/i, '');
}

function buildUrl(url: string, params?: Record<string, unknown>): string {
  const full = /^https?:\/\//.test(url)
    ? url
    : `${apiBaseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!params) return full;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${full}${full.includes('?') ? '&' : '?'}${query}` : full;
}

function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  // The browser writes multipart's Content-Type itself, with the boundary.
  if (data instanceof FormData) {
    headers.delete('Content-Type');
    return data;
  }
  if (data instanceof URLSearchParams || data instanceof Blob || typeof data === 'string') {
    return data;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

async function readBody(response: Response, responseType?: string): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function doFetch(input: string, init: RequestInit): Promise<Response> {
  const impl = fetchImpl ?? globalThis.fetch;
  return impl(input, init);
}

function isTokenRequest(config: RequestConfig): boolean {
  const path = config.url.split('?')[0];
  return config.method.toUpperCase() === 'POST' && /\/(token|refresh_token)$/.test(path);
}

/**
 * POST /refresh_token once for all callers: concurrent 401s share the same
 * promise. Resolves to the new pair, or null when the session is gone.
 */
export function refreshTokens(): Promise<Tokens | null> {
  if (refreshInFlight) return refreshInFlight;
  const current = getTokens();
  if (!current) return Promise.resolve(null);
  refreshInFlight = (async () => {
    try {
      // In the body: a URL's query string ends up in proxies' and browsers' logs.
      const response = await doFetch(buildUrl('/refresh_token'), {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          [DEVICE_ID_HEADER]: getDeviceId(),
        },
        body: JSON.stringify({ refresh_token: stripBearer(current.refresh) }),
      });
      const body = (await readBody(response)) as
        { access_token?: string; refresh_token?: string } | undefined;
      if (!response.ok || !body?.access_token || !body.refresh_token) return loseAuth();
      const next = { access: body.access_token, refresh: body.refresh_token };
      setTokens(next);
      return getTokens();
    } catch {
      return loseAuth();
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function loseAuth(): null {
  clearTokens();
  notify(authLostListeners);
  return null;
}

async function send(config: RequestConfig, init: RequestInit | undefined, access: string | null) {
  const headers = new Headers(init?.headers);
  for (const [key, value] of Object.entries(config.headers ?? {})) headers.set(key, value);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (requestLanguage && !headers.has('Accept-Language'))
    headers.set('Accept-Language', requestLanguage);
  headers.set(DEVICE_ID_HEADER, getDeviceId());
  if (access) headers.set('Authorization', `Bearer ${access}`);
  const body = encodeBody(config.data, headers);
  return doFetch(buildUrl(config.url, config.params), {
    ...init,
    method: config.method.toUpperCase(),
    headers,
    body,
    signal: config.signal ?? init?.signal,
  });
}

/** orval's mutator: resolves to the parsed body of a 2xx, throws ApiError otherwise. */
export async function httpClient<T>(config: RequestConfig, init?: RequestInit): Promise<T> {
  const usedAccess = getTokens()?.access ?? null;
  let response = await send(config, init, usedAccess);
  let body = await readBody(response, config.responseType);

  if (response.status === 401 && shouldRefresh(config, body, usedAccess)) {
    const latest = getTokens();
    // Someone refreshed while this request was on the wire: just use the new token.
    const fresh = latest && latest.access !== usedAccess ? latest : await refreshTokens();
    if (fresh) {
      response = await send(config, init, fresh.access);
      body = await readBody(response, config.responseType);
    }
  }

  if (!response.ok) throw new ApiError(response.status, body, response.headers);
  return body as T;
}

function shouldRefresh(config: RequestConfig, body: unknown, usedAccess: string | null): boolean {
  if (isTokenRequest(config)) return false;
  const detail =
    body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  if (detail === BAD_CREDENTIALS_DETAIL) return false;
  // Anonymous calls have nothing to refresh.
  return usedAccess !== null && getTokens() !== null;
}

/** A file only signed-in callers may see (documents, receipts, CSV exports), as a Blob. */
export function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return httpClient<Blob>({ url, method: 'GET', responseType: 'blob', signal });
}

export default httpClient;
