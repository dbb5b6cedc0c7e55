import type { TFunction } from 'i18next';
import { formatUsdt } from '@app/domain';
import { i18n } from '../../../lib/i18n';
import { accountLabel, byKey, roleLabel, spaced, waitingLabel } from './plain-words';

type Details = Record<string, unknown>;

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const usdt = (value: unknown) => formatUsdt(num(value));
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const obj = (value: unknown): Details =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};

/** A change of staff (`role`, `activate`, `deactivate`) in words. */
function staffChange(t: TFunction, d: Details): string {
  const before = obj(d.before);
  if (d.change === 'role') {
    return t('admin.staff.change.role', {
      from: roleLabel(t, text(before.role)),
      to: roleLabel(t, text(d.role)),
    });
  }
  const change = d.change === 'activate' ? 'activate' : 'deactivate';
  return t(`admin.staff.change.${change}`, { role: roleLabel(t, text(before.role)) });
}

/** A text kept per language (`{ru, en}`), in the reader's language when written, else any. */
function written(value: unknown): string {
  const texts = obj(value);
  if (Object.keys(texts).length === 0) return text(value);
  return text(texts[i18n.language] ?? Object.values(texts)[0]);
}

/**
 * What each audited action says, from its details: one sentence per action
 * (admin.audit.actions). An action added later and not named here yet reads
 * as its words (`sponsor funds record`), never as the raw name.
 */
const SUMMARIES: Record<string, (t: TFunction, d: Details) => Details> = {
  'withdrawal.approval': (t, d) => ({
    id: d.withdrawal_id,
    amount: usdt(d.amount),
    wallet: d.wallet,
    waiting: waitingLabel(t, d.waiting),
  }),
  'withdrawal.approve': (_, d) => ({
    id: d.withdrawal_id,
    amount: usdt(d.amount),
    wallet: d.wallet,
  }),
  'withdrawal.reject': (_, d) => ({
    id: d.withdrawal_id,
    amount: usdt(d.amount),
    reason: d.reason,
  }),
  'withdrawal.refund': (_, d) => ({
    id: d.withdrawal_id,
    amount: usdt(d.amount),
    reason: d.reason,
  }),
  'withdrawal.retry': (_, d) => ({ id: d.withdrawal_id, amount: usdt(d.amount), wallet: d.wallet }),
  'ledger.adjust.request': (t, d) => ({
    id: d.request_id,
    amount: usdt(d.amount),
    account: accountLabel(t, text(d.account)),
    reason: d.reason,
    waiting: waitingLabel(t, d.waiting),
  }),
  'ledger.adjust.approval': (t, d) => ({
    id: d.request_id,
    amount: usdt(d.amount),
    by: d.requested_by,
    waiting: waitingLabel(t, d.waiting),
  }),
  'ledger.adjust.approve': (t, d) => ({
    id: d.request_id,
    amount: usdt(d.amount),
    account: accountLabel(t, text(d.account)),
    by: d.requested_by,
    reason: d.reason,
    tx: d.transaction_id,
  }),
  'ledger.adjust': (t, d) => ({
    amount: usdt(d.amount),
    account: accountLabel(t, text(d.account)),
    reason: d.reason,
    tx: d.transaction_id,
  }),
  'ledger.adjust.reject': (_, d) => ({
    id: d.request_id,
    amount: usdt(d.amount),
    by: d.requested_by,
  }),
  'card_deposit.approval': (t, d) => ({
    id: d.card_deposit_id,
    usdt: usdt(d.credited),
    waiting: waitingLabel(t, d.waiting),
  }),
  'card_deposit.approve': (_, d) => ({
    id: d.card_deposit_id,
    amount: d.amount,
    currency: d.currency,
    usdt: usdt(d.credited),
  }),
  'card_deposit.reject': (_, d) => ({
    id: d.card_deposit_id,
    amount: d.amount,
    currency: d.currency,
    reason: d.reason,
  }),
  'card.rates': () => ({}),
  'verification.approve': (_, d) => ({ id: d.verification_id }),
  'verification.reject': (_, d) => ({ id: d.verification_id, reason: d.reason }),
  'user.reset_code': (_, d) => ({ mail: d.sent_to }),
  'user.end_logins': () => ({}),
  'user.role': (t, d) => ({
    from: roleLabel(t, text(obj(d.before).role)),
    to: roleLabel(t, text(obj(d.after).role)),
  }),
  'user.activate': () => ({}),
  'user.deactivate': () => ({}),
  'staff.request': (t, d) => ({ id: d.request_id, change: staffChange(t, d) }),
  'staff.reject': (t, d) => ({ id: d.request_id, change: staffChange(t, d), by: d.requested_by }),
  'proof.publish': (_, d) => ({ id: d.snapshot_id, total: usdt(num(d.total_micro) / 1e6) }),
  'deposit.sweep': (_, d) => ({ amount: usdt(d.amount), address: d.address, tx: d.tx_id }),
  'deposit.gap.resolve': (_, d) => ({
    id: d.gap_id,
    address: d.address,
    chainIn: usdt(d.chain_in),
    credited: usdt(d.credited),
    chainOut: usdt(d.chain_out),
    swept: usdt(d.swept),
    note: d.note,
  }),
  'deposit.held.dismiss': (_, d) => ({
    amount: usdt(d.amount),
    tx: d.tx_id,
    reason: d.reason,
    note: d.note,
  }),
  'content.settings': () => ({}),
  'banner.add': (_, d) => ({ id: obj(d.after).id }),
  'banner.remove': (_, d) => ({ id: obj(d.before).id }),
  'economy.package': (_, d) => ({ level: d.vip_level }),
  'economy.team_rates': () => ({}),
  'economy.change.propose': (t, d) => ({ id: d.change_id, target: targetLabel(t, d) }),
  'economy.change.approve': (t, d) => ({
    id: d.change_id,
    target: targetLabel(t, d),
    by: d.proposed_by,
  }),
  'economy.change.reject': (t, d) => ({
    id: d.change_id,
    target: targetLabel(t, d),
    by: d.proposed_by,
  }),
  'campaign.create': (_, d) => ({ name: obj(d.after).name }),
  'campaign.update': (_, d) => ({ name: obj(d.after).name }),
  'challenge.create': (_, d) => ({ id: d.challenge_id, title: obj(d.after).title }),
  'challenge.update': (_, d) => ({ id: d.challenge_id }),
  'trailer.create': (_, d) => ({ id: d.trailer_id }),
  'trailer.update': (_, d) => ({ id: d.trailer_id }),
  'trailer.poster': (_, d) => ({ id: d.trailer_id }),
  'message.send': (t, d) => ({
    id: d.message_id,
    title: written(d.title),
    to: d.to === 'all' ? t('admin.messages.all') : t('admin.deposits.member', { id: d.to }),
  }),
  'moment.delete': (_, d) => ({ id: d.moment_id }),
  'moment.hide': (_, d) => ({ id: d.moment_id }),
  'moment.unhide': (_, d) => ({ id: d.moment_id }),
};

/** An economy change's target (`package` 2, `team_rates`, `card`, ...). */
function targetLabel(t: TFunction, d: Details): string {
  const key = `admin.approvals.target_${text(d.target)}`;
  return i18n.exists(key) ? byKey(t)(key, { id: text(d.target_id) }) : spaced(text(d.target));
}

/** `withdrawal.approval` → `withdrawalApproval`: the key of its sentence. */
const keyOf = (action: string) =>
  action.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The sentence an audited action reads as, in the operator's language. */
export function auditSummary(t: TFunction, action: string, details: Details): string {
  const key = `admin.audit.actions.${keyOf(action)}`;
  const values = SUMMARIES[action];
  if (!values || !i18n.exists(key)) return t('admin.audit.other', { action: spaced(action) });
  // user.reset_code: mailed to the member's mailbox, or handed to the operator.
  const variant = action === 'user.reset_code' && !details.sent_to ? `${key}Handed` : key;
  return byKey(t)(variant, values(t, details));
}
