import { useCallback, useEffect, useState } from 'react';

/**
 * What a member typed on a page, kept for the tab's life (sessionStorage), so
 * that leaving the page (to fetch a code from the mailbox) and coming back
 * finds it again. Never a password. Cleared with the session (lib/sign-out.ts).
 */
const PREFIX = 'draft:';

function read<T>(key: string, initial: T): T {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? { ...initial, ...(JSON.parse(raw) as Partial<T>) } : initial;
  } catch {
    return initial;
  }
}

export function useDraft<T extends object>(
  key: string,
  initial: T,
): [T, (next: Partial<T>) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => read(key, initial));
  useEffect(() => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // Storage full or refused: the page still works, it just forgets.
    }
  }, [key, draft]);
  const update = useCallback((next: Partial<T>) => setDraft((d) => ({ ...d, ...next })), []);
  const clear = useCallback(() => {
    sessionStorage.removeItem(PREFIX + key);
    setDraft(initial);
    // `initial` is a literal at the call site: only its first value matters.
  }, [key]);
  return [draft, update, clear];
}

/** Forgets every page's draft (sign-out: the next member of this tab sees none). */
export function clearDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
    }
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Whole seconds left until `until` (epoch ms), ticking every second; 0 when past or null. */
export function useSecondsLeft(until: number | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!until) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** 75 → "1:15". */
export function formatWait(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
