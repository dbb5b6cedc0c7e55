import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PACKAGES, signedInApi } from '../../../test/fake-api';
import { ECONOMY_CHANGE as CHANGE, serveConsole as serve } from '../../../test/console-serve';
import { renderWithApp } from '../../../test/render';
import { EconomyPage } from './economy-page';

describe('the economy page', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('edits a package only for admins, after a confirmation', async () => {
    const api = serve('admin', ({ method, path }) =>
      method === 'PUT' && path === '/admin/packages/1'
        ? {
            packages: PACKAGES.map((p) => (p.vip_level === 1 ? { ...p, price: 61 } : p)),
            pending_changes: [],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const price = await screen.findByLabelText('Price of V1');
    fireEvent.change(price, { target: { value: '61' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save V1' })));
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm V1' })));
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ price: '61', daily_trailers: PACKAGES[1].daily_trailers });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('says ahead of time that a cut price will wait, then that it waits for a second admin', async () => {
    const waiting = { ...CHANGE, target_id: 5, before: PACKAGES[5], after: PACKAGES[5] };
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/economy/baselines')
        return {
          raise_percent: 10,
          baselines: [
            {
              target: 'package',
              target_id: 5,
              value: PACKAGES[5],
              change_id: null,
              updated_at: '2026-11-25T10:00:00.000Z',
            },
          ],
        };
      if (method === 'PUT' && path === '/admin/packages/5')
        return { packages: PACKAGES, pending_changes: [waiting] };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const row = await screen.findByTestId('package-5');
    // A small cut: no warning.
    fireEvent.change(within(row).getByLabelText('Price of V5'), { target: { value: '2900' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save V5' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/admin/economy/baselines')).toBe(true),
    );
    expect(row.textContent).not.toContain('will wait');
    // 3,000 to 0.01: the same pay for almost nothing.
    fireEvent.change(within(row).getByLabelText('Price of V5'), { target: { value: '0.01' } });
    expect(
      await within(row).findByText(
        'More than 10 % above the approved terms: this change will wait for a second admin.',
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Confirm V5' })));
    expect(
      await within(row).findByText('Waiting for a second admin: Package, level 5'),
    ).toBeTruthy();
    expect(within(row).queryByText('Saved')).toBeNull();
  });

  it('lists economy changes waiting for a second admin, each term in plain words, and approves one', async () => {
    const change = CHANGE;
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/economy/changes' && method === 'GET') return [change];
      if (path === '/admin/economy/changes/31/approve')
        return { ...change, status: 'approved', decided_by: 100001 };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const row = await screen.findByTestId('pending-economy-change');
    expect(row.textContent).toContain('Package, level 2');
    expect(row.textContent).toContain('Proposed by #100000');
    expect(row.textContent).toContain('Awaiting a second approval');
    // Only what changes, in force → proposed, and the approved value it is held against.
    expect(within(row).getByTestId('change-terms').textContent).toBe(
      'Reward per trailer (USDT): 0.88 → 1.6 (approved: 0.8)',
    );
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    expect(await screen.findByText('Change #31 approved: it is live.')).toBeTruthy();
    expect(
      api.requests.some(
        (r) => r.method === 'POST' && r.path === '/admin/economy/changes/31/approve',
      ),
    ).toBe(true);
  });

  it('lets other staff read the economy without editing it', async () => {
    serve('finance');
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    expect(((await screen.findByLabelText('Price of V1')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save V1' })).toBeNull();
  });

  it('plans a campaign with its name in each language members read', async () => {
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/campaigns' && method === 'GET') return [];
      if (path === '/admin/campaigns' && method === 'POST')
        return {
          id: 3,
          name: 'Spring',
          name_ru: 'Весна',
          name_en: '',
          name_uz: 'Bahor',
          starts_at: '2030-01-01T00:00:00.000Z',
          ends_at: '2030-02-01T00:00:00.000Z',
          min_vip_level: 1,
          inviter_points: 0,
          member_points: 0,
          hold_days: 0,
          running: false,
          pending_changes: [],
        };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const section = await screen.findByRole('region', { name: 'Invitation campaigns' });
    const field = (label: string) => within(section).getByLabelText(label);
    fireEvent.change(await within(section).findByLabelText('Name'), {
      target: { value: 'Spring' },
    });
    fireEvent.change(field('Name (Russian)'), { target: { value: 'Весна' } });
    fireEvent.change(field('Name (Uzbek)'), { target: { value: ' Bahor ' } });
    fireEvent.change(field('Starts (UTC day)'), { target: { value: '2030-01-01' } });
    fireEvent.change(field('Ends (UTC day)'), { target: { value: '2030-02-01' } });
    await act(async () =>
      fireEvent.click(within(section).getByRole('button', { name: 'Plan campaign' })),
    );
    await waitFor(() =>
      expect(
        api.requests.find((r) => r.method === 'POST' && r.path === '/admin/campaigns')?.body,
      ).toMatchObject({ name: 'Spring', name_ru: 'Весна', name_en: '', name_uz: 'Bahor' }),
    );
  });
});
