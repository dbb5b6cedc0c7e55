import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { getGetMeQueryKey, getGetTodayQueryKey, setFetch } from '@app/contracts';
import { apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { FilmDetailPage, VIEW_COUNTED_MS } from './film-detail-page';
import { WATCH_DELAY_MS, useWatchTimer } from './use-watch-timer';

const TRAILER = {
  id: 7,
  title: 'Dune',
  description: 'Sand',
  image_url: '/static/trailers/7.svg',
  trailer_key: 'abc',
};

/** Lets fetch promises and React Query's batched updates settle under fake timers. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function serve(watch: () => unknown, trailerIds: number[] = []) {
  const api = apiFetch(({ method, path }) => {
    if (method === 'GET' && path === '/trailers/7') return TRAILER;
    if (method === 'POST' && path === '/trailers/7/watch') return watch();
    if (path === '/users/me/today') return { amount: 0.5, count: 1, trailer_ids: trailerIds };
    if (path === '/users/me') return { id: 42 };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

const meReads = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/users/me').length;
const watchCalls = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/trailers/7/watch');

describe('useWatchTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once, 10 s after it became active', () => {
    const onElapsed = vi.fn();
    const { rerender } = renderHook(({ active }) => useWatchTimer(7, active, onElapsed), {
      initialProps: { active: false },
    });
    vi.advanceTimersByTime(20_000);
    expect(onElapsed).not.toHaveBeenCalled();
    rerender({ active: true });
    vi.advanceTimersByTime(WATCH_DELAY_MS - 1);
    expect(onElapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onElapsed).toHaveBeenCalledTimes(1);
    rerender({ active: true });
    vi.advanceTimersByTime(60_000);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('is cancelled when the page is left before 10 s', () => {
    const onElapsed = vi.fn();
    const { unmount } = renderHook(() => useWatchTimer(7, true, onElapsed));
    vi.advanceTimersByTime(9_000);
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(onElapsed).not.toHaveBeenCalled();
  });

  it('uses the API rule: 10 seconds', () => {
    expect(WATCH_DELAY_MS).toBe(10_000);
  });
});

describe('<FilmDetailPage>', () => {
  signedInApi();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const routes = [
    { path: '/films/:id', element: <FilmDetailPage /> },
    { path: '/films', element: <p>films</p> },
  ];

  it('registers the watch 10 s after opening and shows "View counted" for 1.5 s', async () => {
    const api = serve(() => ({ reward: 0.5, today: { amount: 0.5, count: 1 } }));
    const { queryClient } = await renderWithApp(routes, { at: '/films/7' });
    queryClient.setQueryData(getGetMeQueryKey(), { id: 42 });
    await flush();
    expect(screen.getByRole('heading', { name: 'Dune' })).toBeTruthy();

    await flush(WATCH_DELAY_MS - 100);
    expect(watchCalls(api)).toHaveLength(0);
    const readsBefore = meReads(api);
    await flush(100);
    expect(watchCalls(api)).toHaveLength(1);

    const popup = screen.getByRole('dialog', { name: 'View counted' });
    expect(popup.textContent).toContain('+0.50 USDT');
    await flush(VIEW_COUNTED_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Today's figures come from the answer; the balances are fetched again when shown.
    expect(queryClient.getQueryData(getGetTodayQueryKey())).toMatchObject({
      amount: 0.5,
      count: 1,
    });
    // Counted here: the page does not turn it into "watched before this visit".
    expect(screen.queryByTestId('watched-today')).toBeNull();
    // The page shows the member's level, so the balances are read again at once.
    expect(meReads(api)).toBeGreaterThan(readsBefore);
  });

  it('says a trailer counted today pays nothing again, and does not try to count it', async () => {
    const api = serve(() => ({ reward: 0.5, today: { amount: 0.5, count: 1 } }), [7]);
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    expect(screen.getByTestId('watched-today').textContent).toContain(
      'Counted today: watching it again pays nothing',
    );
    await flush(WATCH_DELAY_MS * 2);
    expect(watchCalls(api)).toHaveLength(0);
  });

  it('closes the popup on a tap', async () => {
    serve(() => ({ reward: 0.5, today: { amount: 0.5, count: 1 } }));
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await flush(WATCH_DELAY_MS);
    fireEvent.click(screen.getByRole('dialog', { name: 'View counted' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not register a watch when the member leaves before 10 s', async () => {
    const api = serve(() => ({ reward: 0.5, today: { amount: 0.5, count: 1 } }));
    const view = await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await flush(5_000);
    view.unmount();
    await flush(30_000);
    expect(watchCalls(api)).toHaveLength(0);
  });

  it.each([
    ['DAILY_QUOTA_REACHED', "Today's trailer quota is used up"],
    ['ALREADY_WATCHED', 'This trailer was already counted today'],
    ['WATCH_TOO_SHORT', 'Watch the trailer for at least 10 seconds'],
  ])('shows %s as a translated toast, no popup', async (code, text) => {
    serve(() => json(400, { detail: 'x', code }));
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await flush(WATCH_DELAY_MS);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
