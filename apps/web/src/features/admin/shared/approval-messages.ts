import type { TFunction } from 'i18next';
import type { ApprovalEntry } from '@app/contracts';
import { ApiError, apiErrorKey } from '../../../lib/api-errors';

/** What an operator approves in four eyes: each says its own name in its messages. */
export type ApprovalKind = 'withdrawal' | 'cardDeposit' | 'adjustment' | 'economyChange';

/**
 * An approval's failure in words: a repeated approval (SELF_APPROVAL_FORBIDDEN)
 * names the kind of request it was about, every other code its usual message.
 */
export function approvalError(t: TFunction, error: unknown, kind: ApprovalKind): string {
  if (error instanceof ApiError && error.code === 'SELF_APPROVAL_FORBIDDEN') {
    return t(`admin.fourEyes.selfApproval.${kind}`);
  }
  return t(apiErrorKey(error));
}

/**
 * What an approval that did not carry the request out says: it waits for a
 * second operator, or for an admin (an approver over the daily limit), and
 * nothing has happened yet.
 */
export function waitsMessage(
  t: TFunction,
  kind: Exclude<ApprovalKind, 'economyChange'>,
  id: number,
  answer: { awaiting_admin?: boolean },
): string {
  return t(
    answer.awaiting_admin
      ? `admin.fourEyes.waitsForAdmin.${kind}`
      : `admin.fourEyes.waitsForSecond.${kind}`,
    { id },
  );
}

/** Whether this operator's approval is already among the request's. */
export const approvedBy = (approvals: ApprovalEntry[] | undefined, operatorId?: number) =>
  operatorId !== undefined && (approvals ?? []).some((a) => a.operator_id === operatorId);
