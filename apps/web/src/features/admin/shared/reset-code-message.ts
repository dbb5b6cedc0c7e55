import type { TFunction } from 'i18next';
import type { ResetCodeMailedResponse, ResetCodeResponse } from '@app/contracts';

/**
 * What the operator reads after asking for a member's reset code: where it
 * was mailed (a member with a mailbox: the operator never sees that code),
 * or the code itself to hand over in person.
 */
export function resetCodeMessage(
  t: TFunction,
  issued: ResetCodeResponse | ResetCodeMailedResponse,
  id: number | string,
) {
  return 'sent_to' in issued
    ? t('admin.reviews.resetMailed', { mail: issued.sent_to, id })
    : t('admin.reviews.resetIssued', { code: issued.code, id });
}
