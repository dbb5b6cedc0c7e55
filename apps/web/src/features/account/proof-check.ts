import {
  type MemberProof,
  type MemberWithdrawal,
  type ProofMismatch,
  parseMicro,
  proofMismatches,
  verifyMemberProof,
} from '@app/domain';

/** A figure to the precision it has: micro-USDT with its six decimals ("24.075000"). */
export function exactUsdt(micro: bigint | string): string {
  const value = BigInt(micro);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0');
  return `${negative ? '-' : ''}${abs / 1_000_000n}.${fraction}`;
}

/** A JSON amount in USDT (at most six decimals) as micro-USDT. */
export const toMicro = (usdt: number): bigint =>
  parseMicro(usdt) ?? parseMicro(usdt.toFixed(6)) ?? 0n;

/** The member's own records as the API lists them, as the check reads them. */
export interface OwnRecords {
  memberId: number;
  /** The statement's newest money movement at or before the snapshot (none: 0). */
  statementItem: { balance_after: number } | undefined;
  /** GET /balance?add=false: the member's withdrawals. */
  withdrawals: {
    id: number;
    amount: number;
    is_add: boolean;
    status: string;
    created_at: string;
  }[];
}

export type ProofVerdict =
  | { state: 'ok' }
  /** Not a proof of the published tree: the reason, in the contract's terms. */
  | { state: 'broken'; reason: string }
  /** Another snapshot than the one published now. */
  | { state: 'other_snapshot' }
  /** A sound proof that does not match the member's own records: which figures differ. */
  | { state: 'mismatch'; mismatches: ProofMismatch[] };

/**
 * The in-app check (contract section 11): the parts lead to the published
 * root and add up, and the proof binds to the member checking it, their
 * statement at the snapshot's time and their withdrawals.
 */
export function checkProof(
  proof: MemberProof,
  published: { root_hash: string; total_micro: string },
  own: OwnRecords,
): ProofVerdict {
  const structure = verifyMemberProof(proof);
  if (!structure.ok) return { state: 'broken', reason: structure.reason };
  if (proof.root_hash !== published.root_hash || proof.total_micro !== published.total_micro) {
    return { state: 'other_snapshot' };
  }
  const withdrawals: MemberWithdrawal[] = own.withdrawals
    .filter((w) => !w.is_add)
    .map((w) => ({
      id: w.id,
      amount_micro: toMicro(w.amount),
      open: w.status === 'under_review',
      created_at: w.created_at,
    }));
  const mismatches = proofMismatches(proof, {
    memberId: own.memberId,
    eWalletAtSnapshot: own.statementItem ? toMicro(own.statementItem.balance_after) : 0n,
    withdrawals,
  });
  return mismatches.length === 0 ? { state: 'ok' } : { state: 'mismatch', mismatches };
}

/** The statement query that finds the member's E-Wallet at the snapshot: its newest movement up to then. */
export const statementAt = (createdAt: string) => ({
  account: 'money' as const,
  to: new Date(Date.parse(createdAt) + 1).toISOString(),
  limit: 1,
});
