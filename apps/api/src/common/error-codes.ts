/**
 * Every error code the API answers, with its HTTP status, the default
 * `detail` text and what it means. AppError, the Swagger error documentation
 * (ErrorBody.code is this list as an enum) and, through the OpenAPI document,
 * the web's typed code-to-message mapping all read this one list. A new code
 * is added here first; the web build then fails until it has a message.
 */
interface ErrorDefinition {
  status: number;
  detail: string;
  description: string;
}

export const ERRORS = {
  // Generic HTTP answers (the framework's own errors are mapped onto these).
  BAD_REQUEST: { status: 400, detail: 'Bad Request', description: 'The request is malformed' },
  INVALID_JSON: {
    status: 400,
    detail: 'Malformed JSON body',
    description: 'The body is not valid JSON',
  },
  UNAUTHORIZED: {
    status: 401,
    detail: 'Could not validate credentials',
    description: 'Missing, expired or invalid credentials',
  },
  FORBIDDEN: { status: 403, detail: 'Not enough permissions', description: 'Operators only' },
  NOT_FOUND: { status: 404, detail: 'Not Found', description: 'Not found (or not yours)' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    detail: 'Method Not Allowed',
    description: 'The path exists under another method (see Allow)',
  },
  NOT_ACCEPTABLE: { status: 406, detail: 'Not Acceptable', description: 'Not acceptable' },
  REQUEST_TIMEOUT: {
    status: 408,
    detail: 'Request Timeout',
    description: 'The request took too long',
  },
  CONFLICT: { status: 409, detail: 'Conflict', description: 'Conflicts with the current state' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    detail: 'Request body is larger than 1 MiB',
    description: 'The body is too large',
  },
  URI_TOO_LONG: { status: 414, detail: 'URI Too Long', description: 'The URL is too long' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    detail: 'Unsupported Media Type',
    description: 'The body has a content type this endpoint does not read',
  },
  VALIDATION_ERROR: {
    status: 422,
    detail: 'Validation failed',
    description: 'A field is invalid; `detail` lists `{loc, msg, type}`',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    detail: 'Too Many Requests',
    description: 'Too many requests, see Retry-After',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    detail: 'Request Header Fields Too Large',
    description: 'The headers are too large',
  },
  HTTP_ERROR: { status: 400, detail: 'Request failed', description: 'Another client error' },
  INTERNAL_ERROR: {
    status: 500,
    detail: 'Internal server error',
    description: 'An unexpected failure (logged)',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    detail: 'A dependency is unavailable',
    description:
      'A dependency (PostgreSQL, Redis or the TRON node) is down, or the server is too busy (see Retry-After)',
  },

  // Sign-in and sessions
  BAD_CREDENTIALS: {
    status: 401,
    detail: 'Incorrect email or password',
    description: 'Unknown phone or wrong password',
  },
  INVALID_REFRESH_TOKEN: {
    status: 401,
    detail: 'Invalid or expired refresh token',
    description: 'Unknown, used, expired or revoked refresh token',
  },
  ACCOUNT_DISABLED: {
    status: 403,
    detail: 'This account is deactivated',
    description: 'The member is deactivated (said only after a correct password)',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    detail: 'Too many failed sign-in attempts, try again later',
    description: 'Too many failed attempts, see Retry-After',
  },
  INCORRECT_PASSWORD: {
    status: 400,
    detail: 'Incorrect password',
    description: 'The current password is wrong',
  },

  // Members
  EMAIL_ALREADY_REGISTERED: {
    status: 400,
    detail: 'Email already registered',
    description: 'The phone is taken',
  },
  INVALID_INVITE_CODE: {
    status: 400,
    detail: 'Invalid invite code',
    description: 'No member has this invite code',
  },
  INVITE_CODE_NOT_ELIGIBLE: {
    status: 400,
    detail: 'This invite code cannot invite: its owner needs VIP 1 or above',
    description:
      'Only members at VIP 1 or above invite (their membership current); register without the code or with another',
  },

  // Deposits on TRON
  TX_ALREADY_SUBMITTED: {
    status: 400,
    detail: 'This transaction was already submitted',
    description: 'The tx id was already claimed by this member or already credited',
  },
  SWEEP_NOT_CONFIRMED: {
    status: 400,
    detail: 'The sweep transaction is not solidified yet',
    description: 'Not a solidified USDT transfer from a member address to the hot wallet',
  },
  DEPOSITS_UNAVAILABLE: {
    status: 503,
    detail: 'Deposits are not configured on this server',
    description: 'TRON_DEPOSIT_XPUB is not set, so there are no deposit addresses',
  },

  // Proof of liabilities
  PROOF_NOT_PUBLISHED: {
    status: 404,
    detail: 'No proof of liabilities has been published yet',
    description: 'No snapshot exists yet (the worker makes one daily; operators on request)',
  },
  PROOF_NOT_INCLUDED: {
    status: 404,
    detail: 'You are not in the latest proof of liabilities',
    description: 'The member joined after the latest snapshot; the next one includes them',
  },
  PROOF_RESERVES_UNAVAILABLE: {
    status: 503,
    detail: 'The reserves could not be read from the TRON node',
    description:
      'The node failed or timed out while the snapshot read the balances; nothing was published',
  },
  PROOF_TOO_SOON: {
    status: 429,
    detail: 'A snapshot was made less than a minute ago',
    description:
      'At most one snapshot per PROOF_MIN_INTERVAL_SECONDS (60): try again after Retry-After seconds',
  },

  // Funding: sponsors' money and what the club can pay
  ECONOMY_UNFUNDED: {
    status: 409,
    detail: "The next 30 days' obligations would exceed the surplus plus sponsor funds",
    description:
      "The change or campaign raises the next ECONOMY_FUNDING_DAYS days' rewards, commissions and bonuses above what the club holds beyond members' money (latest proof's surplus) plus sponsor funds: record sponsor funds first, or promise less",
  },
  SPONSOR_FUNDS_ALREADY_DECIDED: {
    status: 409,
    detail: 'This sponsor payment was already recorded or rejected',
    description: 'Only a pending record of sponsor funds can be approved or rejected',
  },
  SPONSOR_REFERENCE_TAKEN: {
    status: 409,
    detail: "This payer's reference is already recorded",
    description: 'A payment is recorded once: the same payer and reference again is refused',
  },

  // Mail, recovery, identity
  MAIL_NOT_CONFIGURED: {
    status: 503,
    detail: 'Mail is not configured on this server',
    description: 'SMTP_URL is not set in production, so no code can be mailed',
  },
  INVALID_CODE: {
    status: 400,
    detail: 'The code is wrong or has expired',
    description: 'No live code matches: wrong, used, expired or out of tries (ask for a new one)',
  },
  CARD_DEPOSITS_OFF: {
    status: 400,
    detail: 'Card deposits are off: no card is set',
    description: 'No operator has set a card for card deposits yet (PUT /admin/settings)',
  },
  VERIFICATION_PENDING: {
    status: 409,
    detail: 'Your verification is being reviewed',
    description: 'A request is pending or already approved: no new one until it is decided',
  },
  VERIFICATION_REQUIRED: {
    status: 400,
    detail: 'Verify your identity before withdrawing this much',
    description: 'Above WITHDRAWAL_VERIFICATION_THRESHOLD without an approved verification',
  },
  HELD_DEPOSIT_NOT_HELD: {
    status: 409,
    detail: 'This deposit is no longer held',
    description: 'Two nodes agreed and it was credited, or an operator dismissed it already',
  },
  DEPOSIT_GAP_NOT_OPEN: {
    status: 409,
    detail: 'This reconciler item is no longer open',
    description:
      'The item closed by itself (the figures agree again) or an operator resolved it already',
  },
  REVIEW_ALREADY_DECIDED: {
    status: 409,
    detail: 'This request was already approved or rejected',
    description: 'A verification or card deposit is no longer pending',
  },

  // Withdrawals
  INCORRECT_TRANSACTION_PASSWORD: {
    status: 400,
    detail: 'Incorrect transaction password',
    description: 'The transaction password is missing or wrong (it is set for this member)',
  },
  WITHDRAWAL_BELOW_MINIMUM: {
    status: 400,
    detail: 'The minimum withdrawal is 10 USDT',
    description: 'The amount is below the minimum withdrawal',
  },
  WITHDRAWAL_LEVEL_LIMIT: {
    status: 400,
    detail: 'Your level cannot withdraw this much: buy a VIP package first',
    description: 'Above the cap of effective level 0',
  },
  WITHDRAWAL_TO_DEPOSIT_ADDRESS: {
    status: 400,
    detail: 'Withdrawals cannot go to a deposit address of this service',
    description: "The wallet is one of the service's own addresses",
  },
  ADDRESS_BLACKLISTED: {
    status: 400,
    detail: 'The USDT contract has blacklisted this address: a transfer to it would fail',
    description:
      "The USDT contract's isBlackListed says yes for the wallet (checked at request and again before sending)",
  },
  ADDRESS_BOOK_FULL: {
    status: 400,
    detail: 'The address book is full: delete an address first',
    description: 'WITHDRAWAL_ADDRESS_BOOK_MAX addresses are saved already',
  },
  RECOVERY_HOLD: {
    status: 403,
    detail: 'Withdrawals and address changes wait after a password reset',
    description:
      'The password was reset less than RECOVERY_HOLD_HOURS ago; `until` (ISO time) says when this is possible again',
  },
  WITHDRAWAL_STATE_CONFLICT: {
    status: 409,
    detail: 'The withdrawal is not in a state that allows this',
    description: 'Approve, reject or retry does not fit the current status',
  },
  WITHDRAWAL_ALREADY_APPROVED: {
    status: 409,
    detail: 'An operator has already approved this withdrawal: it can no longer be cancelled',
    description:
      'A member cancels a withdrawal only while no operator has approved it (not even the first of two)',
  },

  // Money
  INSUFFICIENT_FUNDS: {
    status: 400,
    detail: 'Insufficient funds',
    description: 'The balance does not cover the amount',
  },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    detail: 'This idempotency key was used for a different operation',
    description: 'The Idempotency-Key was used for another request',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    detail: 'A request with this idempotency key is still running or ended without an answer',
    description:
      'The first request with this Idempotency-Key has not answered yet (retry after Retry-After), or was cut off: check the records, then use a new key',
  },
  VIP_LEVEL_NOT_ABOVE_CURRENT: {
    status: 400,
    detail: 'Only a level above the current one can be bought',
    description: 'The level is not above the effective one',
  },
  UNKNOWN_VIP_LEVEL: {
    status: 400,
    detail: 'This VIP level is not offered',
    description: 'The economy table has no such level',
  },

  // Uploads
  FILE_TOO_LARGE: {
    status: 413,
    detail: 'A file is larger than the upload limit',
    description: 'A file exceeds UPLOAD_MAX_FILE_BYTES',
  },
  TOO_MANY_FILES: {
    status: 400,
    detail: 'Too many files in one request',
    description: 'More files than UPLOAD_MAX_FILES',
  },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    detail: 'Only JPEG, PNG and WebP images are accepted',
    description: "The file's bytes are not a JPEG, PNG or WebP image",
  },

  // Operators
  SELF_ADJUST_FORBIDDEN: {
    status: 403,
    detail: 'Operators cannot adjust their own balances',
    description: "The operator is the adjustment's member",
  },
  SELF_APPROVAL_FORBIDDEN: {
    status: 403,
    detail: 'A second, different operator must approve this',
    description:
      'The operator who asked for an adjustment, proposed a change or already approved cannot approve it (again)',
  },
  ADJUSTMENT_ALREADY_DECIDED: {
    status: 409,
    detail: 'This adjustment was already approved or rejected',
    description: 'The request is no longer pending',
  },
  // Operators' reach, self-dealing and approvals (issue 25)
  SELF_ACTION_FORBIDDEN: {
    status: 403,
    detail: 'Operators cannot act on their own account',
    description: 'The target account is the operator themselves',
  },
  SELF_DEALING_FORBIDDEN: {
    status: 403,
    detail: 'Operators cannot decide on their own requests',
    description:
      "The request's member is the operator themselves, in their team or upline (three levels either way), or a member whose withdrawal the operator would approve after crediting them in the last 24 hours",
  },
  OPERATOR_COOLING_OFF: {
    status: 403,
    detail: 'A newly appointed operator cannot approve yet',
    description:
      "The operator's role was granted less than OPERATOR_COOLING_OFF_HOURS ago: their approvals of money, second approvals and economy approvals wait until then",
  },
  OPERATOR_MAILBOX_REQUIRED: {
    status: 409,
    detail: 'An admin or finance operator recovers their account through their own mailbox',
    description:
      'A reset code for an admin or finance operator is only mailed to their bound mailbox, never handed to another operator; they bind one first',
  },
  STAFF_REQUEST_ALREADY_DECIDED: {
    status: 409,
    detail: 'This staff change was already approved or rejected',
    description: 'The staff request is no longer pending',
  },
  OPERATOR_REACH_FORBIDDEN: {
    status: 403,
    detail: 'Only an admin can act on another operator',
    description: 'The target is an operator and the actor is not an admin',
  },
  LAST_ADMIN_FORBIDDEN: {
    status: 403,
    detail: 'The last active admin cannot be deactivated or demoted',
    description: 'No other active admin would remain',
  },
  APPROVAL_AMOUNT_MISMATCH: {
    status: 409,
    detail: 'The amount differs from the one already approved',
    description: "A second approval must confirm the first approval's amount",
  },
  CHANGE_ALREADY_DECIDED: {
    status: 409,
    detail: 'This change was already approved or rejected',
    description: 'The economy change is no longer pending',
  },

  // Challenges
  CHALLENGE_NOT_COMPLETE: {
    status: 400,
    detail: 'This challenge is not complete yet',
    description: "The member's count has not reached the goal",
  },

  // Trailers
  ALREADY_WATCHED: {
    status: 400,
    detail: 'This trailer was already counted today',
    description: 'Each trailer pays once a day',
  },
  DAILY_QUOTA_REACHED: {
    status: 400,
    detail: "Today's trailer quota is used up",
    description: "The level's daily quota is used up",
  },
  WATCH_TOO_SHORT: {
    status: 400,
    detail: 'Watch the trailer for at least 10 seconds',
    description:
      "The server has not seen 10 s of `playing` beats for this view, or it is not this member's view of this trailer",
  },
  VIEW_ENDED: {
    status: 409,
    detail: 'This view has ended: the trailer plays in another window',
    description:
      "A newer view of the member's (another tab or device) ended this one: one view plays at a time",
  },

  // Live events
  NICKNAME_RESERVED: {
    status: 400,
    detail: 'This nickname is reserved for the club staff',
    description:
      'The nickname reads as staff ("admin", "support", "администратор", "moderator"...), in any look-alike spelling',
  },
  EVENT_STREAMS_LIMIT: {
    status: 429,
    detail: 'Too many open event streams',
    description: 'The member already has EVENTS_MAX_STREAMS_PER_MEMBER event streams open',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The catalogue's generic code for an HTTP status the framework produced. */
export function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'INTERNAL_ERROR';
  const generic: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    406: 'NOT_ACCEPTABLE',
    408: 'REQUEST_TIMEOUT',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    422: 'VALIDATION_ERROR',
    429: 'TOO_MANY_REQUESTS',
    431: 'HEADERS_TOO_LARGE',
  };
  return generic[status] ?? 'HTTP_ERROR';
}
