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
});
