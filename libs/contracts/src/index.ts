export * from './generated/endpoints';
export * from './generated/model';
export {
  ApiError,
  BAD_CREDENTIALS_DETAIL,
  clearTokens,
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
  getCard,
  getMainMessage,
  getMe,
  getMessage,
  getTrailer,
  listMessages,
  listPackages,
  listTrailers,
  login,
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
