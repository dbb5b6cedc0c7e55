import { depositsBackground } from '../deposits/deposits.jobs';
import { ledgerBackground } from '../ledger/ledger.jobs';
import { mailBackground } from '../mail/mail.jobs';
import { proofsBackground } from '../proofs/proofs.jobs';
import { promotionsBackground } from '../promotions/promotions.jobs';
import { riskBackground } from '../risk/risk.jobs';
import { usersBackground } from '../users/users.jobs';
import { withdrawalsBackground } from '../withdrawals/withdrawals.jobs';
import type { BackgroundDeclaration } from '../../common/background';

/**
 * All background work, one declaration per owning module (its `<m>.jobs.ts`).
 * A new owner is added here; the table in docs/architecture.md follows
 * (`pnpm docs:sync`, checked by test/jobs/background-registry.spec.ts).
 */
export const BACKGROUND: BackgroundDeclaration[] = [
  promotionsBackground,
  usersBackground,
  proofsBackground,
  depositsBackground,
  withdrawalsBackground,
  ledgerBackground,
  mailBackground,
  riskBackground,
];
