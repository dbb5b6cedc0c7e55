import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { TEAM_PAGE_SIZE } from './api';
import { TeamPage } from './team-page';

const member = (id: number, vip_level: number) => ({
  id,
  vip_level,
  created_at: '2030-03-04T10:00:00.000Z',
});

/** GET /users/invites in its paged form: one level, newest first, counts on the first page. */
function team(levels: Record<1 | 2 | 3, ReturnType<typeof member>[]>) {
  return apiFetch(({ path, query }) => {
    if (path === '/users/me') return { ...MEMBER, inviter_id: 7, team_earn: 1.239 };
    if (path !== '/users/invites') return undefined;
    const level = Number(query.get('level')) as 1 | 2 | 3;
    const limit = Number(query.get('limit'));
    const before = query.get('before') ? Number(query.get('before')) : Infinity;
    const all = [...levels[level]].sort((a, b) => b.id - a.id);
    const answer: Record<string, unknown> = { level1: [], level2: [], level3: [] };
    answer[`level${level}`] = all.filter((m) => m.id < before).slice(0, limit);
    if (!query.get('before'))
      answer.counts = { total: all.length, vip: all.filter((m) => m.vip_level > 0).length };
    return answer;
  });
}

describe('<TeamPage>', () => {
  signedInApi();

  it('shows own ID, superior ID, team benefits and the three levels with their counts', async () => {
    const api = team({ 1: [member(100, 1), member(101, 0)], 2: [member(200, 2)], 3: [] });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/mine/team', element: <TeamPage /> }], { at: '/mine/team' });
    await waitFor(() => expect(screen.getByTestId('team-own-id').textContent).toBe('42'));
    expect(screen.getByTestId('team-superior-id').textContent).toBe('7');
    expect(screen.getByText('1.23 USDT')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('team-count-L1').textContent).toBe('1 / 2'));
    await waitFor(() => expect(screen.getByTestId('team-count-L2').textContent).toBe('1 / 1'));
    await waitFor(() => expect(screen.getByTestId('team-count-L3').textContent).toBe('0 / 0'));
    // Only the paged form: never the whole team in one answer.
    const invites = api.requests.filter((r) => r.path === '/users/invites');
    expect(invites.every((r) => r.query.get('level') && r.query.get('limit'))).toBe(true);

    expect(screen.queryByText('user_100')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^L1/ }));
    expect(screen.getByText('user_100')).toBeTruthy();
    expect(screen.getByText('V1')).toBeTruthy();
    expect(screen.getByText('user_101')).toBeTruthy();
    expect(screen.getAllByText('Registered 04/03/2030')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /^L3/ }));
    expect(screen.getByText('No records')).toBeTruthy();
  });

  it('loads a large level a page at a time', async () => {
    const big = Array.from({ length: TEAM_PAGE_SIZE + 5 }, (_, i) => member(1000 + i, i % 2));
    const api = team({ 1: big, 2: [], 3: [] });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/mine/team', element: <TeamPage /> }], { at: '/mine/team' });
    await waitFor(() =>
      expect(screen.getByTestId('team-count-L1').textContent).toBe(
        `${big.filter((m) => m.vip_level > 0).length} / ${big.length}`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /^L1/ }));
    // Newest first: the last five joined are on the first page, the first five are not yet.
    expect(screen.getByText(`user_${1000 + big.length - 1}`)).toBeTruthy();
    expect(screen.queryByText('user_1000')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('user_1000')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = api.requests.filter(
      (r) => r.path === '/users/invites' && r.query.get('level') === '1',
    );
    expect(pages.map((r) => r.query.get('before'))).toEqual([null, String(1000 + 5)]);
  });
});
