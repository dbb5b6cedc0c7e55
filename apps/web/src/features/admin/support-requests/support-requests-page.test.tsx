import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { SupportRequestsPage } from './support-requests-page';

const REQUEST = {
  id: 12,
  phone: '+998901234567',
  topic: 'password',
  message: 'Forgot my password,\nno mailbox bound',
  lang: 'uz',
  sent_by: null,
  account_id: 100042,
  status: 'open',
  closed_by: null,
  closed_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
};

describe('support requests in the console', () => {
  signedInApi();

  it('lists what members wrote, says a signed-out one proves nothing, and marks one done', async () => {
    let closed = false;
    const api = apiFetch(({ method, path, query }) => {
      if (path === '/users/me') return { ...MEMBER, role: 'support' };
      if (method === 'POST' && path === '/admin/support_requests/12/close') {
        closed = true;
        return { ...REQUEST, status: 'closed', closed_by: 100001 };
      }
      if (path === '/admin/support_requests')
        return query.get('status') === 'open' && !closed ? [REQUEST] : [];
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/admin/support', element: <SupportRequestsPage /> }], {
      at: '/admin/support',
    });
    const row = await screen.findByTestId('support-request');
    expect(row.textContent).toContain('Forgot password, no mailbox');
    expect(row.textContent).toContain('Uzbek');
    expect(within(row).getByRole('link', { name: '+998901234567' }).getAttribute('href')).toBe(
      'tel:+998901234567',
    );
    expect(row.textContent).toContain('Sent signed out; this phone belongs to member #100042');
    expect(within(row).getByRole('link', { name: '#100042' }).getAttribute('href')).toBe(
      '/admin/members/100042',
    );
    expect(screen.getByText(/make sure you are speaking with the account's owner/)).toBeTruthy();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Mark done' })));
    expect(await screen.findByText('Request #12 marked done')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('support-request')).toBeNull());
    expect(screen.getByText('No requests here')).toBeTruthy();
  });
});
