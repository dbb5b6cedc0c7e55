export * from './generated/endpoints';
export * from './generated/model';
export {
  ApiError,
  BAD_CREDENTIALS_DETAIL,
  DEVICE_ID_HEADER,
  clearTokens,
  fetchBlob,
  getApiBaseUrl,
  getDeviceId,
  getRequestLanguage,
  getTokens,
  httpClient,
  onAuthLost,
  onTokensChange,
  parseRetryAfter,
  refreshTokens,
  resolveApiUrl,
  setApiBaseUrl,
  setFetch,
  setRequestLanguage,
  setTokens,
  syncTokensFromStorage,
} from './http-client';
export type { BodyType, ErrorType, RequestConfig, Tokens, ValidationIssue } from './http-client';

import type {
  adjustBalance,
  buyVip,
  getMe,
  getTrailer,
  ledgerReport,
  listBalanceRecords,
  listInvites,
  listPackages,
  listTrailers,
  watchTrailer,
  listWithdrawals,
} from './generated/endpoints';

/*
 * Stable names for the shapes the web app uses, derived from the operations
 * rather than from schema names, which follow the API's DTO class names.
 */
export type ApiMe = Awaited<ReturnType<typeof getMe>>;
export type ApiTrailerSummary = Awaited<ReturnType<typeof listTrailers>>[number];
export type ApiTrailer = Awaited<ReturnType<typeof getTrailer>>;
export type ApiPackage = Awaited<ReturnType<typeof listPackages>>[number];
export type ApiWatchResult = Awaited<ReturnType<typeof watchTrailer>>;
export type ApiBuyVipResult = Awaited<ReturnType<typeof buyVip>>;
export type ApiTeamMember = Awaited<ReturnType<typeof listInvites>>['level1'][number];
export type ApiBalanceRecord = Awaited<ReturnType<typeof listBalanceRecords>>[number];
export type ApiAdjustResult = Awaited<ReturnType<typeof adjustBalance>>;
export type ApiLedgerReport = Awaited<ReturnType<typeof ledgerReport>>;
export type ApiAdminWithdrawal = Awaited<ReturnType<typeof listWithdrawals>>[number];
