import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { getGetMeQueryKey, getGetTodayQueryKey, setFetch } from '@app/contracts';
import { apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { FilmDetailPage, VIEW_COUNTED_MS } from './film-detail-page';
import type { YouTubePlayerOptions } from './youtube-api';

const TRAILER = {
  id: 7,
  title: 'Dune',
  description: 'Sand',
  image_url: '/static/trailers/7.svg',
  trailer_key: 'abc',
};

/** A stand-in YT.Player: the test plays, pauses and moves it. */
class FakePlayer {
  static last: FakePlayer | null = null;
  state = -1;
  time = 0;
  destroyed = false;
  readonly iframe = document.createElement('iframe');
  constructor(
    readonly element: HTMLElement,
    readonly options: YouTubePlayerOptions,
  ) {
    FakePlayer.last = this;
    element.replaceWith(this.iframe);
    setTimeout(() => options.events?.onReady?.({ target: this }), 0);
  }
  getPlayerState() {
    return this.state;
  }
  getCurrentTime() {
    return this.time;
  }
  getIframe() {
    return this.iframe;
  }
  destroy() {
    this.destroyed = true;
  }
  set(state: number) {
    this.state = state;
    this.options.events?.onStateChange?.({ data: state, target: this });
  }
}

/** Lets fetch promises and React Query's batched updates settle under fake timers. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * The API as the film page meets it: each GET /trailers/7 opens a view; a
 * view's beats count the time since the previous one when it said playing,
 * as the server does; `beat` may answer otherwise.
 */
function serve(
  options: {
    watch?: () => unknown;
    trailerIds?: number[];
    beat?: (viewId: string) => unknown;
    trailerKey?: string;
  } = {},
) {
  let views = 0;
  const played = new Map<string, { ms: number; at: number; state: string }>();
  const api = apiFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/trailers/7')
      return { ...TRAILER, trailer_key: options.trailerKey ?? 'abc', view_id: `view-${++views}` };
    const beat = /^\/trailers\/7\/views\/([^/]+)\/beat$/.exec(path);
    if (method === 'POST' && beat) {
      const answer = options.beat?.(beat[1]);
      if (answer !== undefined) return answer;
      const now = Date.now();
      const view = played.get(beat[1]) ?? { ms: 0, at: now, state: 'opened' };
      if (view.state === 'playing') view.ms += now - view.at;
      const { state } = body as { state: string };
      played.set(beat[1], { ms: view.ms, at: now, state });
      return { played: view.ms / 1000, needed: 10 };
    }
    if (method === 'POST' && path === '/trailers/7/watch')
      return (options.watch ?? (() => ({ reward: 0.5, today: { amount: 0.5, count: 1 } })))();
    if (path === '/users/me/today')
      return { amount: 0.5, count: 1, trailer_ids: options.trailerIds ?? [] };
    if (path === '/users/me') return { id: 42 };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

type Api = ReturnType<typeof serve>;
const beats = (api: Api) =>
  api.requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/beat'))
    .map((r) => ({
      view: r.path.split('/')[4],
      ...(r.body as { state: string; position: number }),
    }));
const watchCalls = (api: Api) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/trailers/7/watch');
const meReads = (api: Api) =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/users/me').length;

/**
 * Time passing in steps: a fetch answers after a real tick, so one long
 * advance would pass the next beat's timer before it is set.
 */
async function elapse(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 500) await flush(500);
}

/** The player plays for `ms` (or until `until` holds), its position moving with the clock. */
async function playFor(ms: number, until: () => boolean = () => false) {
  FakePlayer.last!.set(1);
  for (let elapsed = 0; elapsed < ms && !until(); elapsed += 500) {
    FakePlayer.last!.time += 0.5;
    await flush(500);
  }
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('<FilmDetailPage>', () => {
  signedInApi();
  beforeEach(() => {
    vi.useFakeTimers();
    FakePlayer.last = null;
    window.YT = { Player: FakePlayer as never };
  });
  afterEach(() => {
    setVisibility('visible');
    delete window.YT;
    vi.useRealTimers();
  });

  const routes = [
    { path: '/films/:id', element: <FilmDetailPage /> },
    { path: '/films', element: <p>films</p> },
  ];

  it('plays the trailer in a YT.Player, beats while it plays, and counts once the server saw 10 s', async () => {
    const api = serve();
    const { queryClient } = await renderWithApp(routes, { at: '/films/7' });
    queryClient.setQueryData(getGetMeQueryKey(), { id: 42 });
    await elapse(500);
    expect(screen.getByRole('heading', { name: 'Dune' })).toBeTruthy();
    expect(FakePlayer.last!.options).toMatchObject({
      videoId: 'abc',
      playerVars: { autoplay: 1, mute: 1, playsinline: 1 },
    });
    expect(FakePlayer.last!.iframe.title).toBe('Play Dune');
    // Ready but not yet playing: it says so, and nothing counts.
    expect(beats(api)[0]).toMatchObject({ view: 'view-1', state: 'paused' });

    await playFor(9_000);
    expect(beats(api).at(-1)).toMatchObject({ state: 'playing' });
    expect(watchCalls(api)).toHaveLength(0);
    const readsBefore = meReads(api);
    await playFor(5_000, () => screen.queryByRole('dialog') !== null);
    expect(watchCalls(api)).toHaveLength(1);
    expect(watchCalls(api)[0].body).toEqual({ view_id: 'view-1' });

    const popup = screen.getByRole('dialog', { name: 'View counted' });
    expect(popup.textContent).toContain('+0.50 USDT');
    await flush(VIEW_COUNTED_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queryClient.getQueryData(getGetTodayQueryKey())).toMatchObject({
      amount: 0.5,
      count: 1,
    });
    expect(screen.queryByTestId('watched-today')).toBeNull();
    expect(meReads(api)).toBeGreaterThan(readsBefore);
    // Counted: no more beats, however long it plays.
    const sent = beats(api).length;
    await playFor(10_000);
    expect(beats(api)).toHaveLength(sent);
  });

  it('counts nothing while the player is paused, or the page is hidden', async () => {
    const api = serve();
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await elapse(30_000);
    expect(beats(api).every((b) => b.state === 'paused')).toBe(true);
    // At least every 5 s, never more often than every 2 s when nothing changes.
    expect(beats(api).length).toBeGreaterThanOrEqual(6);
    expect(beats(api).length).toBeLessThanOrEqual(8);
    setVisibility('hidden');
    await playFor(20_000);
    expect(beats(api).at(-1)).toMatchObject({ state: 'hidden' });
    expect(watchCalls(api)).toHaveLength(0);
  });

  it('sends no watch when the member leaves before 10 s of play', async () => {
    const api = serve();
    const view = await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await playFor(5_000);
    view.unmount();
    expect(FakePlayer.last!.destroyed).toBe(true);
    const sent = beats(api).length;
    await elapse(30_000);
    expect(beats(api)).toHaveLength(sent);
    expect(watchCalls(api)).toHaveLength(0);
  });

  it('says a trailer counted today pays nothing again, and does not report it', async () => {
    const api = serve({ trailerIds: [7] });
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    expect(screen.getByTestId('watched-today').textContent).toContain(
      'Counted today: watching it again pays nothing',
    );
    await playFor(25_000);
    expect(beats(api)).toHaveLength(0);
    expect(watchCalls(api)).toHaveLength(0);
  });

  it('stops when another window took over the view, and opens a new one on "Watch here"', async () => {
    const api = serve({
      beat: (viewId) =>
        viewId === 'view-1' ? json(409, { detail: 'ended', code: 'VIEW_ENDED' }) : undefined,
    });
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await playFor(4_000);
    expect(screen.getByTestId('view-ended').textContent).toContain('another window');
    expect(beats(api)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Watch here' }));
    await flush();
    expect(screen.queryByTestId('view-ended')).toBeNull();
    await playFor(12_000);
    expect(watchCalls(api)[0].body).toEqual({ view_id: 'view-2' });
  });

  it('closes the popup on a tap', async () => {
    serve();
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await playFor(20_000, () => screen.queryByRole('dialog') !== null);
    fireEvent.click(screen.getByRole('dialog', { name: 'View counted' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the poster and reports nothing for a trailer without a usable video', async () => {
    const api = serve({ trailerKey: 'no video!' });
    await renderWithApp(routes, { at: '/films/7' });
    await elapse(20_000);
    expect(screen.getByText('This trailer has no video yet')).toBeTruthy();
    expect(FakePlayer.last).toBeNull();
    expect(beats(api)).toHaveLength(0);
  });

  it.each([
    ['DAILY_QUOTA_REACHED', "Today's trailer quota is used up"],
    ['ALREADY_WATCHED', 'This trailer was already counted today'],
    ['WATCH_TOO_SHORT', 'Watch the trailer for at least 10 seconds'],
  ])('shows %s as a translated toast, no popup', async (code, text) => {
    serve({ watch: () => json(400, { detail: 'x', code }) });
    await renderWithApp(routes, { at: '/films/7' });
    await flush();
    await playFor(20_000, () => screen.queryByText(text) !== null);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
