import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/config';
import { InitSchema1763700000000 } from './migrations/1763700000000-init-schema';
import { Ledger1763800000000 } from './migrations/1763800000000-ledger';
import { LedgerPostFunction1763900000000 } from './migrations/1763900000000-ledger-post-function';
import { UserAccessNotify1764000000000 } from './migrations/1764000000000-user-access-notify';
import { AdjustmentRequests1764100000000 } from './migrations/1764100000000-adjustment-requests';
import { LedgerMemberSummary1764200000000 } from './migrations/1764200000000-ledger-member-summary';
import { MemberWatchProfile1764300000000 } from './migrations/1764300000000-member-watch-profile';
import { TronDeposits1764400000000 } from './migrations/1764400000000-tron-deposits';
import { TronWithdrawals1764500000000 } from './migrations/1764500000000-tron-withdrawals';
import { TransactionPassword1764600000000 } from './migrations/1764600000000-transaction-password';
import { Sweeps1764700000000 } from './migrations/1764700000000-sweeps';
import { AccountIdentity1764800000000 } from './migrations/1764800000000-account-identity';
import { OperatorConsole1764900000000 } from './migrations/1764900000000-operator-console';
import { ContentConsole1765000000000 } from './migrations/1765000000000-content-console';
import { Banners1765100000000 } from './migrations/1765100000000-banners';
import { Challenges1765200000000 } from './migrations/1765200000000-challenges';
import { Moments1765300000000 } from './migrations/1765300000000-moments';
import { LedgerPostChecks1765400000000 } from './migrations/1765400000000-ledger-post-checks';
import { WatchHotRows1765500000000 } from './migrations/1765500000000-watch-hot-rows';
import { Approvals1766000000000 } from './migrations/1766000000000-approvals';
import { IdempotencyKeys1766100000000 } from './migrations/1766100000000-idempotency-keys';
import { AuditChain1766110000000 } from './migrations/1766110000000-audit-chain';
import { StatementBalances1766200000000 } from './migrations/1766200000000-statement-balances';
import { ProofsOfLiabilities1766300000000 } from './migrations/1766300000000-proofs-of-liabilities';
import { TronCosts1766400000000 } from './migrations/1766400000000-tron-costs';
import { LedgerCheckpoints1766500000000 } from './migrations/1766500000000-ledger-checkpoints';
import { MonthThreeIndexes1766510000000 } from './migrations/1766510000000-month-three-indexes';
import { ClosedDayFigures1766520000000 } from './migrations/1766520000000-closed-day-figures';
import { NoPlaceholderCard1766600000000 } from './migrations/1766600000000-no-placeholder-card';
import { MailOutbox1766700000000 } from './migrations/1766700000000-mail-outbox';
import { PostingsByAccount1766710000000 } from './migrations/1766710000000-postings-by-account';
import { ContentLanguages1766740000000 } from './migrations/1766740000000-content-languages';
import { ConsoleSortIndexes1766750000000 } from './migrations/1766750000000-console-sort-indexes';
import { KeptCounters1766760000000 } from './migrations/1766760000000-kept-counters';
import { TeamPaging1766770000000 } from './migrations/1766770000000-team-paging';
import { AccessExceptionsIndex1766780000000 } from './migrations/1766780000000-access-exceptions-index';
import { MembershipExpiryIndex1766790000000 } from './migrations/1766790000000-membership-expiry-index';
import { StaffRequests1766850000000 } from './migrations/1766850000000-staff-requests';
import { SignupsMembersOnly1766930000000 } from './migrations/1766930000000-signups-members-only';
import { CampaignNames1766931000000 } from './migrations/1766931000000-campaign-names';
import { TronCostDetails1766932000000 } from './migrations/1766932000000-tron-cost-details';
import { TraceIds1766940000000 } from './migrations/1766940000000-trace-ids';
import { ChainSecondOpinion1766943000000 } from './migrations/1766943000000-chain-second-opinion';
import { ScannerCaughtUp1766945000000 } from './migrations/1766945000000-scanner-caught-up';
import { RealViewsAndRings1766910000000 } from './migrations/1766910000000-real-views-and-rings';
import { FundedPayouts1766900000000 } from './migrations/1766900000000-funded-payouts';
import { PrivateProofs1766901000000 } from './migrations/1766901000000-private-proofs';
import { TeamCountsCovering1766800000000 } from './migrations/1766800000000-team-counts-covering';
import { AccountRecovery1766830000000 } from './migrations/1766830000000-account-recovery';
import { EconomyBaselines1766840000000 } from './migrations/1766840000000-economy-baselines';
import { AuditSignatures1766810000000 } from './migrations/1766810000000-audit-signatures';
import { WithdrawalCancel1766920000000 } from './migrations/1766920000000-withdrawal-cancel';
import { UzbekApostrophes1766921000000 } from './migrations/1766921000000-uzbek-apostrophes';
import { SupportRequests1766922000000 } from './migrations/1766922000000-support-requests';
import { ChainAtScale1766946000000 } from './migrations/1766946000000-chain-at-scale';
import { ProofColdWallet1767000000000 } from './migrations/1767000000000-proof-cold-wallet';
import { DepositDecisions1767000200000 } from './migrations/1767000200000-deposit-decisions';
import { CheaperWatchPosting1767000400000 } from './migrations/1767000400000-cheaper-watch-posting';
import { PostingsWithoutTransactionKey1767000500000 } from './migrations/1767000500000-postings-without-transaction-key';
import { SurvivingClient } from './lost-connections';

export const MIGRATIONS = [
  InitSchema1763700000000,
  Ledger1763800000000,
  LedgerPostFunction1763900000000,
  UserAccessNotify1764000000000,
  AdjustmentRequests1764100000000,
  LedgerMemberSummary1764200000000,
  MemberWatchProfile1764300000000,
  TronDeposits1764400000000,
  TronWithdrawals1764500000000,
  TransactionPassword1764600000000,
  Sweeps1764700000000,
  AccountIdentity1764800000000,
  OperatorConsole1764900000000,
  ContentConsole1765000000000,
  Banners1765100000000,
  Challenges1765200000000,
  Moments1765300000000,
  LedgerPostChecks1765400000000,
  WatchHotRows1765500000000,
  Approvals1766000000000,
  IdempotencyKeys1766100000000,
  AuditChain1766110000000,
  StatementBalances1766200000000,
  ProofsOfLiabilities1766300000000,
  TronCosts1766400000000,
  LedgerCheckpoints1766500000000,
  MonthThreeIndexes1766510000000,
  ClosedDayFigures1766520000000,
  NoPlaceholderCard1766600000000,
  MailOutbox1766700000000,
  PostingsByAccount1766710000000,
  ContentLanguages1766740000000,
  ConsoleSortIndexes1766750000000,
  KeptCounters1766760000000,
  TeamPaging1766770000000,
  AccessExceptionsIndex1766780000000,
  MembershipExpiryIndex1766790000000,
  TeamCountsCovering1766800000000,
  AuditSignatures1766810000000,
  AccountRecovery1766830000000,
  EconomyBaselines1766840000000,
  StaffRequests1766850000000,
  FundedPayouts1766900000000,
  PrivateProofs1766901000000,
  RealViewsAndRings1766910000000,
  WithdrawalCancel1766920000000,
  UzbekApostrophes1766921000000,
  SupportRequests1766922000000,
  SignupsMembersOnly1766930000000,
  CampaignNames1766931000000,
  TronCostDetails1766932000000,
  TraceIds1766940000000,
  ChainSecondOpinion1766943000000,
  ScannerCaughtUp1766945000000,
  ChainAtScale1766946000000,
  ProofColdWallet1767000000000,
  DepositDecisions1767000200000,
  CheaperWatchPosting1767000400000,
  PostingsWithoutTransactionKey1767000500000,
];

/** The app's data source on DATABASE_URL, or the same settings on another `url` (the replica). */
export function dataSourceOptions(config: AppConfig, url = config.DATABASE_URL): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    // Entities are registered by the modules that own them (TypeOrmModule.forFeature
    // with autoLoadEntities); migrations and the seed use SQL only.
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Expected errors (a taken phone, an overdraft) are handled; unexpected ones reach the error filter's log.
    logging: false,
    extra: {
      Client: SurvivingClient,
      max: config.DATABASE_POOL_SIZE,
      // Bounded waits (0: none): a database that is away fails a request with
      // a 503 within seconds instead of holding it (see common/unavailable.ts).
      connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS,
      ...(config.DATABASE_STATEMENT_TIMEOUT_MS
        ? { statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS }
        : {}),
      ...(config.DATABASE_QUERY_TIMEOUT_MS
        ? { query_timeout: config.DATABASE_QUERY_TIMEOUT_MS }
        : {}),
    },
  };
}
