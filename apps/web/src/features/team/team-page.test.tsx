import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, fakeFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { TeamPage, teamCounts } from './team-page';

const member = (id: number, vip_level: number) => ({
  id,
  vip_level,
  created_at: '2030-03-04T10:00:00.000Z',
});

describe('<TeamPage>', () => {
  signedInApi();

  it('counts members holding a VIP level and all members', () => {
    expect(teamCounts([member(1, 0), member(2, 3), member(3, 1)])).toEqual({ vip: 2, total: 3 });
    expect(teamCounts([])).toEqual({ vip: 0, total: 0 });
  });

  it('shows own ID, superior ID, team benefits and the three levels', async () => {
    setFetch(
      fakeFetch({
        '/users/me': { ...MEMBER, inviter_id: 7, team_earn: 1.239 },
        '/users/invites': {
          level1: [member(100, 1), member(101, 0)],
          level2: [member(200, 2)],
          level3: [],
        },
      }),
    );
    await renderWithApp([{ path: '/mine/team', element: <TeamPage /> }], { at: '/mine/team' });
    await waitFor(() => expect(screen.getByTestId('team-own-id').textContent).toBe('42'));
    expect(screen.getByTestId('team-superior-id').textContent).toBe('7');
    expect(screen.getByText('1.23 USDT')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('team-count-L1').textContent).toBe('1 / 2'));
    expect(screen.getByTestId('team-count-L2').textContent).toBe('1 / 1');
    expect(screen.getByTestId('team-count-L3').textContent).toBe('0 / 0');

    expect(screen.queryByText('user_100')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^L1/ }));
    expect(screen.getByText('user_100')).toBeTruthy();
    expect(screen.getByText('V1')).toBeTruthy();
    expect(screen.getByText('user_101')).toBeTruthy();
    expect(screen.getAllByText('Registered 04/03/2030')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /^L3/ }));
    expect(screen.getByText('No records')).toBeTruthy();
  });
});
