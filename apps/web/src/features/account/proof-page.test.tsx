import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { leafNode, pathFromLevels, treeLevels } from '@app/domain';
import { apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ProofPage } from './proof-page';

const routes = [{ path: '/mine/proof', element: <ProofPage /> }];

/** A real tree of five members (ours is id 42, 12.5 USDT), built by the domain's rules. */
function snapshot() {
  const members = [
    [7, 1_000_000n],
    [13, 0n],
    [42, 12_500_000n],
    [50, 300_000_001n],
    [61, 5n],
  ] as const;
  const salt = (id: number) => id.toString(16).padStart(64, '0');
  const levels = treeLevels(members.map(([id, micro]) => leafNode(id, micro, salt(id))));
  const root = levels[levels.length - 1][0];
  const proof = {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    leaf: { member_id: 42, balance_micro: '12500000', salt: salt(42) },
    path: pathFromLevels(levels, 2),
    created_at: '2026-11-25T00:00:00.000Z',
  };
  const latest = {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    leaves: members.length,
    block: 71234567,
    reserves: {
      hot_wallet: 300,
      deposit_addresses: 20,
      total: 320,
      hot_wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      addresses: [{ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', kind: 'hot', balance: 300 }],
    },
    created_at: '2026-11-25T00:00:00.000Z',
  };
  return { proof, latest };
}

function serve(proof: unknown, latest: unknown) {
  setFetch(
    apiFetch(({ path }) =>
      path === '/users/me/proof' ? proof : path === '/proofs/latest' ? latest : undefined,
    ).fetch,
  );
}

describe('<ProofPage>', () => {
  signedInApi();

  it('verifies the path in the browser and shows the balance, the total and the reserves at the block', async () => {
    const { proof, latest } = snapshot();
    serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    expect((await screen.findByTestId('proof-verdict')).textContent).toBe(
      'Checked in your browser: your balance is in the published total',
    );
    expect(screen.getByTestId('proof-verdict').className).toContain('is-ok');
    expect(screen.getByTestId('proof-summary').textContent).toBe(
      'Your balance of 12.50 USDT is included in the total of 313.50 USDT.',
    );
    expect(screen.getByTestId('proof-reserves').textContent).toBe(
      'Reserves on chain: 320.00 USDT at block 71234567.',
    );
    expect(screen.getByRole('button', { name: 'Download my proof' })).toBeTruthy();
  });

  it('says so when the path does not lead to the published root (a changed balance)', async () => {
    const { proof, latest } = snapshot();
    serve({ ...proof, leaf: { ...proof.leaf, balance_micro: '99500000' } }, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.className).toContain('is-bad');
    expect(verdict.textContent).toMatch(/^The check failed: /);
  });

  it('says so when the proof is of another snapshot than the published one', async () => {
    const { proof, latest } = snapshot();
    serve(proof, { ...latest, root_hash: 'f'.repeat(64) });
    await renderWithApp(routes, { at: '/mine/proof' });
    expect((await screen.findByTestId('proof-verdict')).textContent).toContain(
      'a newer snapshot was published meanwhile',
    );
  });

  it('explains a member who joined after the latest snapshot', async () => {
    const { latest } = snapshot();
    setFetch(
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/users/me/proof')
          ? json(404, { detail: 'not included', code: 'PROOF_NOT_INCLUDED' })
          : json(200, latest),
      ),
    );
    await renderWithApp(routes, { at: '/mine/proof' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You joined after the latest proof of funds; the next one includes you',
    );
  });
});
