import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { type MemberProof, leafNode, ownedLeafId, pathFromLevels, treeLevels } from '@app/domain';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ProofPage } from './proof-page';

const routes = [{ path: '/mine/proof', element: <ProofPage /> }];
const CREATED = '2026-11-25T00:00:00.000Z';
const salt = (i: number) => i.toString(16).padStart(64, '0');

/**
 * A real tree of eight leaves built by the domain's rules: member 42 (the
 * signed-in one) owes 24.075 USDT (20.075 in the E-Wallet, 4 in withdrawal
 * record 9), split 10.000001 + 14.074999 at positions 2 and 5; member 50's
 * parts at 1 and 6; the rest zero padding.
 */
function snapshot(
  figures = {
    first: 10_000_001n,
    eWallet: 20_075_000n,
    pending: [{ id: 9, amount_micro: '4000000' }],
  },
) {
  const pending = figures.pending.reduce((sum, w) => sum + BigInt(w.amount_micro), 0n);
  const balance = figures.eWallet + pending;
  const leaves = [
    { owner: 0, amount: 0n },
    { owner: 50, amount: 3_000_000n },
    { owner: 42, amount: figures.first },
    { owner: 0, amount: 0n },
    { owner: 0, amount: 0n },
    { owner: 42, amount: balance - figures.first },
    { owner: 50, amount: 4_500_000n },
    { owner: 0, amount: 0n },
  ].map((l, i) => ({
    ...l,
    salt: salt(100 + i),
    id: l.owner ? ownedLeafId(l.owner, salt(100 + i)) : salt(900 + i),
  }));
  const levels = treeLevels(leaves.map((l) => leafNode(l.id, l.amount, l.salt)));
  const root = levels[levels.length - 1][0];
  const partsOf = (owner: number) =>
    leaves.flatMap((l, i) =>
      l.owner === owner
        ? [
            {
              leaf_id: l.id,
              amount_micro: l.amount.toString(),
              salt: l.salt,
              path: pathFromLevels(levels, i),
            },
          ]
        : [],
    );
  const proof: MemberProof = {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    balance_micro: balance.toString(),
    leaves: partsOf(42),
    member_id: 42,
    e_wallet_micro: figures.eWallet.toString(),
    pending_withdrawals: figures.pending,
    created_at: CREATED,
  };
  const other: MemberProof = {
    ...proof,
    balance_micro: '7500000',
    leaves: partsOf(50),
    member_id: 50,
    e_wallet_micro: '7500000',
    pending_withdrawals: [],
  };
  const latest = {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    leaves: 8,
    members: 2,
    pending_withdrawals_micro: '4000000',
    block: 71234567,
    reserves: {
      hot_wallet: 300,
      cold_wallet: 0,
      deposit_addresses: 20,
      total: 320,
      hot_wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      cold_wallet_address: null as string | null,
      addresses: [{ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', kind: 'hot', balance: 300 }],
    },
    created_at: CREATED,
    audit_head: null,
  };
  return { proof, other, latest };
}

/** The member's statement at the snapshot and their withdrawals, as the API lists them. */
function records(eWallet = 20.075) {
  return {
    statement: {
      items: [
        {
          id: 77,
          created_at: '2026-11-24T10:00:00.000Z',
          kind: 'reward',
          account: 'money',
          amount: 0.5,
          balance_after: eWallet,
          reference: 'trailer:3',
        },
      ],
      next_before: null,
    },
    withdrawals: [
      {
        id: 9,
        amount: 4,
        is_add: false,
        type: 'withdrawal',
        status: 'under_review',
        created_at: '2026-11-24T12:00:00.000Z',
        tx_id: null,
        fee: 0.6,
        net_amount: 3.4,
        wallet: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
      },
    ],
  };
}

function serve(proof: unknown, latest: unknown, own = records()) {
  const api = apiFetch(({ path }) => {
    if (path === '/users/me/proof') return proof;
    if (path === '/proofs/latest') return latest;
    if (path === '/users/me') return MEMBER;
    if (path === '/users/me/statement') return own.statement;
    if (path === '/balance') return own.withdrawals;
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

async function openFile(content: unknown) {
  const file = new File([JSON.stringify(content)], 'proof.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(screen.getByTestId('proof-file'), { target: { files: [file] } });
  });
  return screen.findByTestId('proof-file-verdict');
}

describe('<ProofPage>', () => {
  signedInApi();

  it('checks the parts against the root and the member’s statement, and shows figures to the micro-USDT', async () => {
    const { proof, latest } = snapshot();
    const api = serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.textContent).toBe(
      'Checked in your browser: your parts are in the published total, and they match your statement',
    );
    expect(verdict.className).toContain('is-ok');
    expect(screen.getByTestId('proof-summary').textContent).toBe(
      'Your 24.075000 USDT is included in the total of 31.575000 USDT.',
    );
    expect(screen.getByTestId('proof-made-of').textContent).toContain(
      'E-Wallet 20.075000 USDT and withdrawals not yet sent 4.000000 USDT',
    );
    expect(screen.getByTestId('proof-parts').textContent).toContain('10.000001 USDT');
    expect(screen.getByTestId('proof-parts').textContent).toContain('14.074999 USDT');
    // The statement is read at the snapshot's time: its newest money movement up to then.
    const asked = api.requests.find((r) => r.path === '/users/me/statement')!;
    expect(Object.fromEntries(asked.query)).toEqual({
      account: 'money',
      to: '2026-11-25T00:00:00.001Z',
      limit: '1',
    });
    expect(screen.getByRole('link', { name: 'Where the club’s money comes from' })).toBeTruthy();
    // No cold account configured: no line for it.
    expect(screen.queryByText('Cold account')).toBeNull();
  });

  it('lists the cold account among the reserves when the club keeps one', async () => {
    const { proof, latest } = snapshot();
    latest.reserves = {
      ...latest.reserves,
      cold_wallet: 5000,
      total: 5320,
      cold_wallet_address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
    };
    serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    await screen.findByTestId('proof-verdict');
    expect(screen.getByText('Cold account').nextSibling?.textContent).toBe('5000.000000 USDT');
    expect(screen.getByTestId('proof-reserves').textContent).toContain('5320.000000');
  });

  it('says which figure differs when the statement says otherwise (a shrunk part in a tree built with it)', async () => {
    // The operator's tree with the first part 6 USDT short: its root, its total, its figures add up.
    const { proof, latest } = snapshot({
      first: 4_000_001n,
      eWallet: 14_075_000n,
      pending: [{ id: 9, amount_micro: '4000000' }],
    });
    serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.className).toContain('is-bad');
    expect(verdict.textContent).toContain('This proof does not match your records');
    expect(screen.getByTestId('proof-mismatches').textContent).toBe(
      'The E-Wallet differs: the proof says 14.075000 USDT, your statement 20.075000 USDT',
    );
  });

  it('says it in Russian and Uzbek too', async () => {
    const { proof, latest } = snapshot();
    serve(proof, latest, records(21));
    await renderWithApp(routes, { at: '/mine/proof', language: 'ru' });
    expect((await screen.findByTestId('proof-mismatches')).textContent).toBe(
      'E-Wallet не совпадает: в подтверждении 20.075000 USDT, в вашей выписке 21.000000 USDT',
    );
  });

  it('tells the member that a saved proof of another member is not theirs', async () => {
    const { proof, other, latest } = snapshot();
    serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    await screen.findByTestId('proof-verdict');
    const verdict = await openFile(other);
    expect(verdict.className).toContain('is-bad');
    const lines = [...verdict.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'The parts are not yours: this is another member’s proof',
      'The E-Wallet differs: the proof says 7.500000 USDT, your statement 20.075000 USDT',
      'The withdrawals pending differ: the proof says 0.000000 USDT, your records 4.000000 USDT',
    ]);
  });

  it('names a pending withdrawal left out of the liability', async () => {
    // A tree where the member's parts add up to the E-Wallet alone.
    const { proof, latest } = snapshot({ first: 10_000_001n, eWallet: 20_075_000n, pending: [] });
    serve(proof, latest);
    await renderWithApp(routes, { at: '/mine/proof', language: 'uz' });
    expect((await screen.findByTestId('proof-mismatches')).textContent).toBe(
      'Kutilayotgan yechib olishlar mos emas: isbotda 0.000000 USDT, yozuvlaringizda 4.000000 USDT',
    );
  });

  it('says so when a path does not lead to the published root (a changed part)', async () => {
    const { proof, latest } = snapshot();
    const changed = {
      ...proof,
      leaves: [{ ...proof.leaves[0], amount_micro: '10000002' }, proof.leaves[1]],
      balance_micro: '24075001',
    };
    serve(changed, latest);
    await renderWithApp(routes, { at: '/mine/proof' });
    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.className).toContain('is-bad');
    expect(verdict.textContent).toMatch(/^The check failed: leaves\[0\]: /);
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
        String(input).includes('/users/me/proof')
          ? json(404, { detail: 'not included', code: 'PROOF_NOT_INCLUDED' })
          : String(input).includes('/proofs/latest')
            ? json(200, latest)
            : String(input).includes('/balance')
              ? json(200, [])
              : json(200, MEMBER),
      ),
    );
    await renderWithApp(routes, { at: '/mine/proof' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You joined after the latest proof of funds; the next one includes you',
    );
  });
});
