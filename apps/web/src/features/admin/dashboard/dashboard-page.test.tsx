import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { serveConsole as serve, serveStaff } from '../../../test/console-serve';
import { signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

describe('the dashboard', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it("adds the period's days up on the dashboard", async () => {
    const day = (d: string, deposits: number) => ({
      day: d,
      deposits,
      card_deposits: 0,
      withdrawals: 1,
      fees: 0.15,
      rewards: 2,
      commissions: 0.2,
      vip_sales: 50,
      new_members: 3,
      active_members: 1,
    });
    serve('finance', ({ path }) =>
      path === '/admin/dashboard'
        ? {
            days: [day('2026-11-21', 10), day('2026-11-22', 5.5)],
            package_sales: [{ day: '2026-11-22', vip_level: 1, count: 2 }],
            solvency: { liabilities: 100, assets: 120, scanner_lag_blocks: 2 },
            queues: [{ name: 'deposits', waiting: 0, active: 0, delayed: 0, failed: 1 }],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin', element: <DashboardPage /> }], { at: '/admin' });
    const totals = await screen.findByTestId('dashboard-totals');
    expect(within(totals).getByText('TRON deposits').closest('tr')!.textContent).toContain('15.50');
    expect(within(totals).getByText('New members').closest('tr')!.textContent).toContain('6');
    expect(screen.getByText('V1: 2')).toBeTruthy();
    expect(screen.getByText('0 waiting, 1 failed')).toBeTruthy();
  });

  it('warns on the dashboard and the staff page when one admin alone decides', async () => {
    serveStaff(1, ({ path }) =>
      path === '/admin/dashboard'
        ? {
            days: [],
            package_sales: [],
            solvency: { liabilities: 0, assets: 0, scanner_lag_blocks: 0 },
            queues: [],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin', element: <DashboardPage /> }], { at: '/admin' });
    expect((await screen.findByTestId('one-admin-notice')).textContent).toContain(
      'This club has one active admin',
    );
    expect(screen.getByTestId('staff-waiting').textContent).toContain(
      'Staff changes waiting for a second admin: 1',
    );
  });
});
