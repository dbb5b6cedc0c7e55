import { depositsBackground } from './modules/deposits/deposits.jobs';
import { ledgerBackground } from './modules/ledger/ledger.jobs';
import { mailBackground } from './modules/mail/mail.jobs';
import { proofsBackground } from './modules/proofs/proofs.jobs';
import { promotionsBackground } from './modules/promotions/promotions.jobs';
import { riskBackground } from './modules/risk/risk.jobs';
import { usersBackground } from './modules/users/users.jobs';
import { withdrawalsBackground } from './modules/withdrawals/withdrawals.jobs';
import type { BackgroundDeclaration } from './infra/jobs/background';

/**
 * All background work, one declaration per owning module (its `<m>.jobs.ts`).
 * A new owner is added here; the table in docs/architecture.md follows
 * (`pnpm docs:sync`, checked by test/infra/jobs/background-registry.spec.ts).
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
