import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, fakeFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { InvitePage, inviteLink } from './invite-page';

const routes = [
  { path: '/invite', element: <InvitePage /> },
  { path: '/', element: <p>home</p> },
];

describe('<InvitePage>', () => {
  signedInApi();

  it('builds the registration link from the member id', () => {
    expect(inviteLink('https://club.example', 42)).toBe('https://club.example/register?code=42');
  });

  it('shows the code and link to VIP members, without the hint', async () => {
    const expire = new Date(Date.now() + 86_400_000).toISOString();
    setFetch(fakeFetch({ '/users/me': { ...MEMBER, vip_level: 2, vip_expire: expire } }));
    await renderWithApp(routes, { at: '/invite' });
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('42'));
    expect(screen.getByTestId('invite-link').textContent).toBe(
      `${window.location.origin}/register?code=42`,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells level 0 that only VIP1+ can invite; confirm goes home', async () => {
    setFetch(fakeFetch({ '/users/me': MEMBER }));
    await renderWithApp(routes, { at: '/invite' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Only VIP1 and above can invite.');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('treats an expired membership as level 0', async () => {
    const expired = new Date(Date.now() - 1000).toISOString();
    setFetch(fakeFetch({ '/users/me': { ...MEMBER, vip_level: 3, vip_expire: expired } }));
    await renderWithApp(routes, { at: '/invite' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('mentions the invitation campaign only while one runs, and never splits the number', async () => {
    const expire = new Date(Date.now() + 86_400_000).toISOString();
    const vip = { ...MEMBER, vip_level: 2, vip_expire: expire };
    const campaign = {
      id: 1,
      name: 'Spring invitations',
      min_vip_level: 2,
      inviter_points: 10,
      member_points: 5,
      hold_days: 3,
      running: true,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2099-06-01T00:00:00.000Z',
    };
    const rates = { level1: 5, level2: 3, level3: 1 };
    setFetch(fakeFetch({ '/users/me': vip, '/bonus': { campaign, team_rates: rates } }));
    const running = await renderWithApp(routes, { at: '/invite' });
    const note = await screen.findByTestId('campaign-note');
    expect(note.textContent).toContain('VIP2 or above, you get 10.00 registration points');
    expect(screen.getByTestId('invite-link').querySelector('.nowrap')?.textContent).toBe(
      '?code=42',
    );
    running.unmount();

    setFetch(fakeFetch({ '/users/me': vip, '/bonus': { campaign: null, team_rates: rates } }));
    await renderWithApp(routes, { at: '/invite' });
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('42'));
    expect(screen.queryByTestId('campaign-note')).toBeNull();
  });
});
