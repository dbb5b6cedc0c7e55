import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, json, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { ProofsSection } from './proofs-section';

const routes = [{ path: '/admin/money', element: <ProofsSection /> }];

const snapshot = (id: number, totalMicro: string, reserves: number) => ({
  id,
  root_hash: String(id).repeat(64).slice(0, 64),
  total_micro: totalMicro,
  leaves: 4096,
  members: 1042,
  pending_withdrawals_micro: '0',
  block: 71234567,
  last_block: 71234567,
  reserves: {
    hot_wallet: reserves - 120,
    cold_wallet: 100,
    deposit_addresses: 20,
    total: reserves,
    hot_wallet_address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
    cold_wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    addresses: [],
  },
  created_at: '2030-01-01T00:00:00.000Z',
  trigger: 'schedule',
  requested_by: null,
  paths_kept: true,
  surplus: reserves - Number(totalMicro) / 1e6,
  covered: reserves >= Number(totalMicro) / 1e6,
});

describe('<ProofsSection>', () => {
  signedInApi();

  it('compares the latest tree total with the reserves on chain, and lists recent snapshots', async () => {
    const { fetch } = apiFetch(({ path }) =>
      path === '/admin/proofs'
        ? [snapshot(2, '1250500000', 1200), snapshot(1, '900000000', 1000)]
        : undefined,
    );
    setFetch(fetch);
    await renderWithApp(routes, { at: '/admin/money' });
    const covered = await screen.findByTestId('proof-covered');
    expect(covered.textContent).toBe('Reserves cover member balancesNo (-50.50)');
    expect(covered.className).toContain('is-bad');
    const latest = within(screen.getByTestId('proof-latest'));
    expect(
      latest.getByText('Members’ money (tree total: E-Wallets and withdrawals not yet sent)')
        .nextSibling?.textContent,
    ).toBe('1250.50');
    expect(latest.getByText('Members').nextSibling?.textContent).toBe('1042');
    expect(latest.getByText('Reserves on chain').nextSibling?.textContent).toBe('1200.00');
    // Sweeps above the hot wallet's cap sit on the cold account: part of the reserves.
    expect(latest.getByText('Hot wallet').nextSibling?.textContent).toBe('1080.00');
    expect(latest.getByText('Cold account').nextSibling?.textContent).toBe('100.00');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('publishes a snapshot on request, then reloads the list', async () => {
    let published = false;
    const { fetch, requests } = apiFetch(({ method, path }) => {
      if (path === '/admin/proofs' && method === 'POST') {
        published = true;
        return snapshot(3, '100000000', 150);
      }
      if (path === '/admin/proofs') return published ? [snapshot(3, '100000000', 150)] : [];
      return undefined;
    });
    setFetch(fetch);
    await renderWithApp(routes, { at: '/admin/money' });
    await screen.findByText(/No snapshot yet/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish now' })));
    await screen.findByText('Published: reserves read at block 71234567');
    await waitFor(() => expect(screen.getByTestId('proof-covered').className).toContain('is-ok'));
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/admin/proofs')).toHaveLength(
      1,
    );
  });

  it('shows why a publish failed (the node could not be read)', async () => {
    const { fetch } = apiFetch(({ method, path }) => {
      if (path === '/admin/proofs' && method === 'POST') {
        return json(503, { detail: 'down', code: 'PROOF_RESERVES_UNAVAILABLE' });
      }
      return path === '/admin/proofs' ? [] : undefined;
    });
    setFetch(fetch);
    await renderWithApp(routes, { at: '/admin/money' });
    await screen.findByText(/No snapshot yet/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish now' })));
    await screen.findByText('The reserves could not be read from the blockchain, try again later');
  });

  it('says to wait when a snapshot was made less than a minute ago', async () => {
    const { fetch } = apiFetch(({ method, path }) => {
      if (path === '/admin/proofs' && method === 'POST') {
        return new Response(JSON.stringify({ detail: 'soon', code: 'PROOF_TOO_SOON' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        });
      }
      return path === '/admin/proofs' ? [] : undefined;
    });
    setFetch(fetch);
    await renderWithApp(routes, { at: '/admin/money', language: 'ru' });
    await screen.findByText(/Снимков ещё нет/);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Опубликовать сейчас' })),
    );
    await screen.findByText('Снимок сделан меньше минуты назад: повторите чуть позже');
  });
});
