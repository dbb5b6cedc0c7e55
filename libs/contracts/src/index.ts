export * from './generated/endpoints';
export * from './generated/model';
export {
  ApiError,
  BAD_CREDENTIALS_DETAIL,
  clearTokens,
  fetchBlob,
  getApiBaseUrl,
  getTokens,
  httpClient,
  onAuthLost,
  onTokensChange,
  refreshTokens,
  resolveApiUrl,
  setApiBaseUrl,
  setFetch,
  setTokens,
  syncTokensFromStorage,
} from './http-client';
export type { BodyType, ErrorType, RequestConfig, Tokens, ValidationIssue } from './http-client';

import type {
  adjustBalance,
  buyVip,
  getCard,
  getMainMessage,
  getMe,
  getMessage,
  getToday,
  getTrailer,
  ledgerReport,
  listAudit,
  listBalanceRecords,
  listInvites,
  listMessages,
  listPackages,
  listTrailers,
  login,
  transferToPoints,
  watchTrailer,
  listWithdrawals,
  listDeposits,
  listForeignDeposits,
} from './generated/endpoints';

/*
 * Stable names for the shapes the web app uses, derived from the operations
 * rather than from schema names, which follow the API's DTO class names.
 */
export type ApiMe = Awaited<ReturnType<typeof getMe>>;
export type ApiTokenPair = Awaited<ReturnType<typeof login>>;
export type ApiTrailerSummary = Awaited<ReturnType<typeof listTrailers>>[number];
export type ApiTrailer = Awaited<ReturnType<typeof getTrailer>>;
export type ApiMessage = Awaited<ReturnType<typeof listMessages>>[number];
export type ApiMessageDetail = Awaited<ReturnType<typeof getMessage>>;
export type ApiMainMessage = Awaited<ReturnType<typeof getMainMessage>>;
export type ApiCard = Awaited<ReturnType<typeof getCard>>;
export type ApiPackage = Awaited<ReturnType<typeof listPackages>>[number];
export type ApiToday = Awaited<ReturnType<typeof getToday>>;
export type ApiWatchResult = Awaited<ReturnType<typeof watchTrailer>>;
export type ApiTransferResult = Awaited<ReturnType<typeof transferToPoints>>;
export type ApiBuyVipResult = Awaited<ReturnType<typeof buyVip>>;
export type ApiInvites = Awaited<ReturnType<typeof listInvites>>;
export type ApiTeamMember = ApiInvites['level1'][number];
export type ApiBalanceRecord = Awaited<ReturnType<typeof listBalanceRecords>>[number];
export type ApiAdjustResult = Awaited<ReturnType<typeof adjustBalance>>;
export type ApiLedgerReport = Awaited<ReturnType<typeof ledgerReport>>;
export type ApiAuditEntry = Awaited<ReturnType<typeof listAudit>>[number];
export type ApiAdminWithdrawal = Awaited<ReturnType<typeof listWithdrawals>>[number];
export type ApiAdminDeposit = Awaited<ReturnType<typeof listDeposits>>[number];
export type ApiForeignDeposit = Awaited<ReturnType<typeof listForeignDeposits>>[number];
