import type { ParseKeys } from 'i18next';
import { ApiError, type ErrorCode } from '@app/contracts';

// Pages tell one API error from another (`error instanceof ApiError`) without
// importing the generated client: its calls live in each feature's api/.
export { ApiError };

/**
 * What a member reads for each error code of the API's catalogue (the
 * OpenAPI ErrorCode enum). Exhaustive on purpose: a code added to the API
 * fails this build until it has a message.
 */
export const API_ERROR_KEYS = {
  BAD_REQUEST: 'errors.generic',
  INVALID_JSON: 'errors.generic',
  UNAUTHORIZED: 'errors.signInAgain',
  FORBIDDEN: 'errors.forbidden',
  NOT_FOUND: 'errors.notFound',
  METHOD_NOT_ALLOWED: 'errors.generic',
  NOT_ACCEPTABLE: 'errors.generic',
  REQUEST_TIMEOUT: 'errors.unavailable',
  CONFLICT: 'errors.generic',
  PAYLOAD_TOO_LARGE: 'errors.invalidInput',
  URI_TOO_LONG: 'errors.invalidInput',
  UNSUPPORTED_MEDIA_TYPE: 'errors.generic',
  VALIDATION_ERROR: 'errors.invalidInput',
  TOO_MANY_REQUESTS: 'errors.tooManyAttempts',
  HEADERS_TOO_LARGE: 'errors.generic',
  HTTP_ERROR: 'errors.generic',
  INTERNAL_ERROR: 'errors.generic',
  SERVICE_UNAVAILABLE: 'errors.unavailable',
  BAD_CREDENTIALS: 'errors.incorrect',
  INVALID_REFRESH_TOKEN: 'errors.signInAgain',
  ACCOUNT_DISABLED: 'errors.accountDisabled',
  TOO_MANY_ATTEMPTS: 'errors.tooManyAttempts',
  INCORRECT_PASSWORD: 'errors.incorrectPassword',
  EMAIL_ALREADY_REGISTERED: 'errors.alreadyRegistered',
  INVALID_INVITE_CODE: 'errors.invalidInvite',
  INVITE_CODE_NOT_ELIGIBLE: 'errors.inviteNotEligible',
  TX_ALREADY_SUBMITTED: 'errors.txAlreadySubmitted',
  DEPOSITS_UNAVAILABLE: 'errors.depositsUnavailable',
  SWEEP_NOT_CONFIRMED: 'errors.generic',
  PROOF_NOT_PUBLISHED: 'errors.proofNotPublished',
  PROOF_NOT_INCLUDED: 'errors.proofNotIncluded',
  PROOF_RESERVES_UNAVAILABLE: 'errors.proofReservesUnavailable',
  PROOF_TOO_SOON: 'admin.proofs.tooSoon',
  ECONOMY_UNFUNDED: 'admin.funding.unfunded',
  SPONSOR_FUNDS_ALREADY_DECIDED: 'admin.approvals.alreadyDecided',
  SPONSOR_REFERENCE_TAKEN: 'admin.funding.referenceTaken',
  WITHDRAWAL_BELOW_MINIMUM: 'errors.withdrawalMinimum',
  WITHDRAWAL_LEVEL_LIMIT: 'errors.withdrawalLevel',
  WITHDRAWAL_TO_DEPOSIT_ADDRESS: 'errors.withdrawalToDeposit',
  WITHDRAWAL_STATE_CONFLICT: 'errors.generic',
  WITHDRAWAL_ALREADY_APPROVED: 'errors.withdrawalAlreadyApproved',
  MAIL_NOT_CONFIGURED: 'errors.mailNotConfigured',
  INVALID_CODE: 'errors.invalidCode',
  CARD_DEPOSITS_OFF: 'card.none',
  VERIFICATION_PENDING: 'errors.verificationPending',
  VERIFICATION_REQUIRED: 'errors.verificationRequired',
  REVIEW_ALREADY_DECIDED: 'errors.reviewDecided',
  DEPOSIT_GAP_NOT_OPEN: 'admin.deposits.gaps.notOpen',
  HELD_DEPOSIT_NOT_HELD: 'admin.deposits.heldNotHeld',
  INCORRECT_TRANSACTION_PASSWORD: 'errors.incorrectTransactionPassword',
  ADDRESS_BOOK_FULL: 'errors.addressBookFull',
  ADDRESS_BLACKLISTED: 'errors.addressBlacklisted',
  RECOVERY_HOLD: 'errors.recoveryHold',
  INSUFFICIENT_FUNDS: 'errors.insufficientFunds',
  IDEMPOTENCY_CONFLICT: 'errors.generic',
  IDEMPOTENCY_KEY_IN_USE: 'errors.generic',
  VIP_LEVEL_NOT_ABOVE_CURRENT: 'subscribe.notAbove',
  UNKNOWN_VIP_LEVEL: 'errors.notFound',
  FILE_TOO_LARGE: 'errors.fileTooLarge',
  TOO_MANY_FILES: 'errors.tooManyFiles',
  UNSUPPORTED_FILE_TYPE: 'errors.unsupportedFile',
  SELF_ADJUST_FORBIDDEN: 'admin.adjust.self',
  SELF_APPROVAL_FORBIDDEN: 'admin.fourEyes.selfApproval.any',
  ADJUSTMENT_ALREADY_DECIDED: 'admin.approvals.alreadyDecided',
  SELF_ACTION_FORBIDDEN: 'admin.approvals.selfAction',
  SELF_DEALING_FORBIDDEN: 'admin.approvals.selfDealing',
  OPERATOR_REACH_FORBIDDEN: 'admin.approvals.operatorReach',
  LAST_ADMIN_FORBIDDEN: 'admin.approvals.lastAdmin',
  APPROVAL_AMOUNT_MISMATCH: 'admin.approvals.amountMismatch',
  CHANGE_ALREADY_DECIDED: 'admin.approvals.changeDecided',
  OPERATOR_COOLING_OFF: 'admin.approvals.coolingOff',
  STAFF_REQUEST_ALREADY_DECIDED: 'admin.staff.alreadyDecided',
  OPERATOR_MAILBOX_REQUIRED: 'admin.staff.mailboxRequired',
  CHALLENGE_NOT_COMPLETE: 'challenge.notComplete',
  ALREADY_WATCHED: 'films.alreadyWatched',
  DAILY_QUOTA_REACHED: 'films.dailyQuotaReached',
  WATCH_TOO_SHORT: 'films.watchTooShort',
  VIEW_ENDED: 'errors.viewEnded',
  EVENT_STREAMS_LIMIT: 'errors.tooManyAttempts',
  NICKNAME_RESERVED: 'errors.nicknameReserved',
} as const satisfies Record<ErrorCode, ParseKeys>;

export type ApiErrorKey = (typeof API_ERROR_KEYS)[ErrorCode];

/** The message key for any failure of a call: the code's, else the generic one. */
export function apiErrorKey(error: unknown): ApiErrorKey {
  if (error instanceof ApiError && error.code && error.code in API_ERROR_KEYS) {
    return API_ERROR_KEYS[error.code];
  }
  return 'errors.generic';
}
