import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { RiskPage } from './risk-page';

const RING = {
  id: 4,
  members: [100114, 100115, 100116],
  signals: [
    { kind: 'device', value_hint: '…a1b2c3', members: 3 },
    { kind: 'funding_address', value_hint: 'TQ5xk…9kPzA', members: 3 },
    { kind: 'network', value_hint: '203.0.113.0/24', members: 3 },
    { kind: 'invite', value_hint: '100114', members: 2 },
  ],
  held_usdt: 0.25,
  held_points: 15,
  status: 'open',
  found_at: '2026-12-01T10:00:00.000Z',
  changed_at: '2026-12-01T10:00:00.000Z',
  decided_at: null,
  pending: [],
};

function serve(role: string, decide: () => unknown = () => undefined) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, id: 100002, role };
    if (request.path === '/admin/risk/rings' && request.method === 'GET')
      return request.query.get('member_id') === '100999' ? [] : [RING];
    if (request.method === 'POST') return decide();
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe('the risk queue in the console', () => {
  signedInApi();
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('shows each ring: members, what links them in plain words, what it holds', async () => {
    const api = serve('finance');
    await renderWithApp([{ path: '/admin/risk', element: <RiskPage /> }], { at: '/admin/risk' });
    const ring = await screen.findByTestId('ring');
    expect(ring.textContent).toContain('Ring #4');
    expect(ring.textContent).toContain('Waiting for review');
    expect(within(ring).getByRole('link', { name: '#100115' }).getAttribute('href')).toBe(
      '/admin/members/100115',
    );
    const signals = within(ring)
      .getAllByTestId('ring-signal')
      .map((s) => s.textContent);
    expect(signals).toEqual([
      'One device (…a1b2c3) used by 3',
      'One funding address TQ5xk…9kPzA paid 3',
      'One network 203.0.113.0/24 for 3 (shown only: families share one too)',
      'Member #100114 invited 2 of them',
    ]);
    expect(within(ring).getByTestId('ring-held').textContent).toBe(
      'Held: 0.25 USDT in commissions, 15.00 registration points',
    );
    // Waiting for review by default.
    expect(api.requests.find((r) => r.path === '/admin/risk/rings')?.query.get('status')).toBe(
      'open',
    );
  });

  it('asks before a decision and says when it waits for a second operator', async () => {
    const api = serve('admin', () => ({
      ...RING,
      pending: [
        {
          decision: 'reverse',
          requested_by: 100002,
          amount: 15.25,
          approvals: [],
          awaiting_second_approval: true,
          awaiting_admin: false,
          created_at: '2026-12-01T11:00:00.000Z',
        },
      ],
      outcome: 'awaiting_second_approval',
    }));
    await renderWithApp([{ path: '/admin/risk', element: <RiskPage /> }], { at: '/admin/risk' });
    const ring = await screen.findByTestId('ring');
    fireEvent.click(within(ring).getByRole('button', { name: 'Reverse' }));
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Reverse ring #4?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse' })));
    expect(
      await screen.findByText(
        'Your approval is recorded: ring #4 waits for a second operator, nothing has moved yet.',
      ),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/admin/risk/rings/4/reverse',
    ]);
  });

  it('says why a decision is refused', async () => {
    serve('admin', () =>
      json(403, { detail: 'Operators cannot decide', code: 'SELF_DEALING_FORBIDDEN' }),
    );
    await renderWithApp([{ path: '/admin/risk', element: <RiskPage /> }], { at: '/admin/risk' });
    fireEvent.click(
      within(await screen.findByTestId('ring')).getByRole('button', { name: 'Release' }),
    );
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Release' })));
    expect((await screen.findByRole('alert')).textContent).toContain('your own team or upline');
  });
});
