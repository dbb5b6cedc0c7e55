import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, PACKAGES, activeVip, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { FilmsPage, levelProgress } from './films-page';

const TRAILERS = [
  { id: 1, title: 'Dune', description: 'Sand', image_url: '/static/trailers/1.svg' },
];

function serve(me: object, today: { amount: number; count: number; trailer_ids?: number[] }) {
  const api = apiFetch(({ path }) => {
    if (path === '/users/me') return { ...MEMBER, ...me };
    if (path === '/users/me/today') return today;
    if (path === '/packages') return PACKAGES;
    if (path === '/trailers') return TRAILERS;
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe('levelProgress', () => {
  it("puts today's count on the effective level only, capped at its quota", () => {
    const rows = levelProgress(PACKAGES, 1, 3);
    expect(rows.slice(0, 3)).toEqual([
      { level: 0, done: 0, total: 2 },
      { level: 1, done: 3, total: 4 },
      { level: 2, done: 0, total: 10 },
    ]);
    expect(levelProgress(PACKAGES, 0, 5)[0]).toEqual({ level: 0, done: 2, total: 2 });
  });
});

describe('<FilmsPage>', () => {
  signedInApi();

  it("shows today's earnings to 2 decimals and the effective level's tasks remaining", async () => {
    serve(activeVip(1), { amount: 1.5, count: 3 });
    await renderWithApp([{ path: '/films', element: <FilmsPage /> }], { at: '/films' });
    await waitFor(() => expect(screen.getByTestId('tasks-remaining').textContent).toBe('1'));
    expect(screen.getByTestId('films-today').textContent).toBe('1.50');
    // The grid follows a step behind the figures (a deferred render).
    expect(await screen.findByText('Income 0.50 USDT')).toBeTruthy();
    // The dropdown starts at the member's level and lists done/total per level.
    const toggle = screen.getByRole('button', { name: /^Progress by level: VIP1 3\/4$/ });
    fireEvent.click(toggle);
    expect(screen.getByRole('option', { name: 'VIP0 0/2' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'VIP9 0/70' })).toBeTruthy();
  });

  it('never shows fewer than 0 tasks remaining; level 0 has 2 a day', async () => {
    serve({}, { amount: 0, count: 5 });
    await renderWithApp([{ path: '/films', element: <FilmsPage /> }], { at: '/films' });
    await waitFor(() => expect(screen.getByTestId('tasks-remaining').textContent).toBe('0'));
    expect(screen.getByTestId('films-today').textContent).toBe('0.00');
  });

  it('marks the trailers counted today', async () => {
    serve(activeVip(1), { amount: 0.5, count: 1, trailer_ids: [1] });
    await renderWithApp([{ path: '/films', element: <FilmsPage /> }], { at: '/films' });
    expect((await screen.findByTestId('watched-today')).textContent).toBe('✓ Watched today');
    expect(screen.queryByTestId('no-reward-note')).toBeNull();
  });

  it('tells a level-0 member that a watch pays +0.00 but uses a task', async () => {
    serve({}, { amount: 0, count: 0, trailer_ids: [] });
    await renderWithApp([{ path: '/films', element: <FilmsPage /> }], { at: '/films' });
    expect((await screen.findByTestId('no-reward-note')).textContent).toContain(
      "At VIP0 a watch pays +0.00 USDT and still uses one of today's 2 tasks.",
    );
    expect(screen.queryByTestId('watched-today')).toBeNull();
  });

  it('treats an expired membership as level 0 (2 a day)', async () => {
    serve(
      { vip_level: 3, vip_expire: new Date(Date.now() - 1000).toISOString() },
      { amount: 0, count: 1 },
    );
    await renderWithApp([{ path: '/films', element: <FilmsPage /> }], { at: '/films' });
    await waitFor(() => expect(screen.getByTestId('tasks-remaining').textContent).toBe('1'));
  });
});
