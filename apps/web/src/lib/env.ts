/**
 * Build-time settings, checked once: a bad value fails loudly at start-up.
 * Checked by hand rather than with zod so the schema library stays out of the
 * entry chunk (only the form pages load it).
 */
export interface Env {
  VITE_API_BASE_URL: string;
  /** A fallback support link until an operator sets one in the console; null: none. */
  VITE_SUPPORT_URL: string | null;
}

export function parseEnv(raw: Record<string, unknown>): Env {
  const apiBase = raw.VITE_API_BASE_URL || '/api';
  const support = raw.VITE_SUPPORT_URL || null;
  if (typeof apiBase !== 'string' || !/^(\/|https?:\/\/)/.test(apiBase)) {
    throw new Error(`VITE_API_BASE_URL must be a path or an http(s) URL, got ${String(apiBase)}`);
  }
  if (support !== null && (typeof support !== 'string' || !/^https?:\/\/\S+$/.test(support))) {
    throw new Error(`VITE_SUPPORT_URL must be an http(s) URL, got ${String(support)}`);
  }
  return { VITE_API_BASE_URL: apiBase, VITE_SUPPORT_URL: support };
}

export const env = parseEnv(import.meta.env);
