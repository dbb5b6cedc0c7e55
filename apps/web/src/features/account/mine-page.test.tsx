import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getTokens, setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { MinePage } from './mine-page';

const routes = [
  { path: '/mine', element: <MinePage /> },
  { path: '/login', element: <p>login</p> },
];

describe('<MinePage>', () => {
  signedInApi();

  it('shows user_{id} without a nickname and amounts to their precision, at least 2 decimals', async () => {
    setFetch(vi.fn(async () => json(200, MEMBER)));
    await renderWithApp(routes, { at: '/mine' });
    await screen.findByText('user_42');
    const balances = screen.getByRole('region', { name: 'Balances' });
    const text = balances.textContent ?? '';
    expect(text).toContain('12.50E-Wallet');
    // Never cut: the figure must match the statement's last balance (issue 39).
    expect(text).toContain('3.456789RegisterPoints');
    expect(text).toContain('0.00Hold');
    expect(text).toContain('100.999Total revenue');
    expect(text).toContain('1.00Team revenue');
  });

  it("always links customer service: the club's support form, or its chat once a link is set", async () => {
    let site: unknown = undefined;
    setFetch(
      apiFetch(({ path }) => (path === '/users/me' ? MEMBER : path === '/site' ? site : undefined))
        .fetch,
    );
    const first = await renderWithApp(routes, { at: '/mine' });
    await screen.findByText('user_42');
    // A fresh club with no link set still leads to a person.
    expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      '/support',
    );
    first.unmount();

    site = { support_url: 'https://t.me/club_support', media: [], banners: [], tutorial: null };
    await renderWithApp(routes, { at: '/mine' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
        'https://t.me/club_support',
      ),
    );
  });

  it('signs out: calls logout, forgets the tokens, goes to /login', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input) === '/api/logout' ? json(200, { ok: true }) : json(200, MEMBER),
    );
    setFetch(fetch);
    await renderWithApp(routes, { at: '/mine' });
    await screen.findByText('user_42');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(
      fetch.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(getTokens()).toBeNull();
  });

  it("shows today's earnings (0.00 when none) and links the money screens", async () => {
    setFetch(
      apiFetch(({ path }) =>
        path === '/users/me/today'
          ? { amount: 0, count: 0 }
          : path === '/users/me'
            ? MEMBER
            : undefined,
      ).fetch,
    );
    await renderWithApp(routes, { at: '/mine' });
    await screen.findByText('user_42');
    await waitFor(() => expect(screen.getByTestId('today-earnings').textContent).toBe('0.00'));
    expect(screen.getByRole('link', { name: 'Transfer' }).getAttribute('href')).toBe(
      '/mine/transfer',
    );
    expect(screen.getByRole('link', { name: 'Subscribe package' }).getAttribute('href')).toBe(
      '/mine/subscribe',
    );
    expect(screen.getByRole('link', { name: 'My team' }).getAttribute('href')).toBe('/mine/team');
    expect(screen.getByRole('link', { name: 'Funding details' }).getAttribute('href')).toBe(
      '/mine/funding',
    );
    expect(screen.queryByRole('link', { name: 'Operator' })).toBeNull();
  });

  it("shows today's amount to its precision and the Operator row to operators", async () => {
    setFetch(
      apiFetch(({ path }) =>
        path === '/users/me/today'
          ? { amount: 2.409, count: 3 }
          : path === '/users/me'
            ? { ...MEMBER, role: 'admin' }
            : undefined,
      ).fetch,
    );
    await renderWithApp(routes, { at: '/mine' });
    await waitFor(() => expect(screen.getByTestId('today-earnings').textContent).toBe('2.409'));
    expect(screen.getByRole('link', { name: 'Operator' }).getAttribute('href')).toBe('/admin');
  });
});
