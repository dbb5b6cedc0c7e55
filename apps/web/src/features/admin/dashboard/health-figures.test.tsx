import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { serveConsole as serve } from '../../../test/console-serve';
import { signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { HealthFigures } from './health-figures';

const HEALTHY = {
  as_of: '2026-12-06T13:30:00.000Z',
  scanner_lag_seconds: 3,
  hot_wallet_days_left: 6.5,
  mail_outbox_oldest_seconds: 0,
  last_proof_at: '2026-12-06T02:00:00.000Z',
  last_proof_age_seconds: 41_400,
  ledger_balanced: true,
  replica_lag_seconds: 0,
};

async function show(figures: Record<string, unknown>, language = 'en') {
  serve('admin', ({ path }) => (path === '/admin/dashboard/health' ? figures : undefined));
  await renderWithApp([{ path: '/admin', element: <HealthFigures /> }], { at: '/admin', language });
  await screen.findByTestId('health-scanner');
  const text = (key: string) => screen.getByTestId(`health-${key}`).textContent ?? '';
  return text;
}

describe("the console home's health figures", () => {
  signedInApi();

  it('shows the four figures of a healthy club, none needing attention', async () => {
    const text = await show(HEALTHY);
    expect(text('scanner')).toBe('Deposit scanner lag3 s');
    expect(text('hot-wallet')).toBe('Hot wallet: days of withdrawals left6.5 days');
    expect(text('outbox')).toBe('Oldest mail waitingnone waiting');
    expect(text('proof')).toBe('Last proof of liabilities11 h ago');
    expect(screen.queryByText(/needs attention/)).toBeNull();
  });

  it('marks each figure past its alert threshold', async () => {
    const text = await show({
      ...HEALTHY,
      scanner_lag_seconds: 95,
      hot_wallet_days_left: 0.6,
      mail_outbox_oldest_seconds: 620,
      last_proof_age_seconds: 27 * 3600,
    });
    expect(text('scanner')).toBe('Deposit scanner lag95 s · needs attention');
    expect(text('hot-wallet')).toContain('0.6 days · needs attention');
    expect(text('outbox')).toContain('10 min · needs attention');
    expect(text('proof')).toContain('27 h ago · needs attention');
    expect(screen.getAllByText(/needs attention/)).toHaveLength(4);
  });

  it('says what an unknown figure means instead of a zero', async () => {
    const text = await show({
      ...HEALTHY,
      scanner_lag_seconds: null,
      hot_wallet_days_left: null,
      mail_outbox_oldest_seconds: null,
      last_proof_at: null,
      last_proof_age_seconds: null,
    });
    expect(text('scanner')).toContain('no scanner');
    expect(text('hot-wallet')).toContain('no withdrawal costs in 24 h');
    expect(text('outbox')).toContain('unknown');
    expect(text('proof')).toContain('none yet');
  });

  it('speaks Russian and Uzbek too', async () => {
    const ru = await show({ ...HEALTHY, scanner_lag_seconds: 300 }, 'ru');
    expect(ru('scanner')).toBe('Отставание сканера пополнений5 мин · требует внимания');
    expect(ru('proof')).toContain('11 ч назад');
  });

  it('speaks Uzbek', async () => {
    const uz = await show({ ...HEALTHY, hot_wallet_days_left: 0.5 }, 'uz');
    expect(uz('hot-wallet')).toContain('0.5 kun · eʼtibor talab qiladi');
    expect(uz('outbox')).toContain('navbat boʻsh');
  });
});
