import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MS, reportNetwork, usePwaState } from './pwa';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('usePwaState', () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => setOnline(true));
  });

  it('follows the browser going offline and back', () => {
    const { result } = renderHook(() => usePwaState());
    expect(result.current.offline).toBe(false);
    act(() => setOnline(false));
    expect(result.current.offline).toBe(true);
    act(() => setOnline(true));
    expect(result.current.offline).toBe(false);
  });

  it('shows offline after a failed request until the API answers its health check', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const { result } = renderHook(() => usePwaState());
    act(() => reportNetwork(false));
    expect(result.current.offline).toBe(true);
    // The first check fails: still offline, and asked again.
    await act(() => vi.advanceTimersByTimeAsync(PROBE_MS));
    expect(result.current.offline).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(PROBE_MS));
    expect(result.current.offline).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[0][0])).toMatch(/\/health\/live$/);
  });
});
