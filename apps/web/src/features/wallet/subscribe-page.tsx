import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  canBuyVipLevel,
  formatUsdt,
  ownsVipLevel,
  parseMicro,
  vipPaymentSource,
} from '@app/domain';
import type { ApiBuyVipResult } from '@app/contracts';
import { BalanceGrid } from '../../components/ui/balance-grid';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { PageHeader } from '../../components/ui/page-header';
import { formatDayMonthYear } from '../../lib/format-date';
import { ApiError } from '../../lib/api-errors';
import { effectiveLevelOf } from '../../lib/membership';
import { useBuyPackage, useGetMe, useListPackages } from './api';

/** The BuyOk / BuyError dialog stays about 1.5 s (spec section 4). */
export const BUY_DIALOG_MS = 1500;

type Outcome =
  | { kind: 'ok'; result: ApiBuyVipResult }
  | { kind: 'error'; reason: 'insufficient' | 'notAbove' | 'generic' };

export function SubscribePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const packages = useListPackages();
  // Bought or refused, the profile is read again (api/).
  const buy = useBuyPackage();
  const [selected, setSelected] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The package and the balance it will be paid from, asked about before buying.
  const [confirming, setConfirming] = useState<{
    level: number;
    source: 'money' | 'points';
  } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const user = me.data;
  const level = effectiveLevelOf(user);
  const tiers = (packages.data ?? [])
    .filter((p) => p.vip_level >= 1)
    .sort((a, b) => a.vip_level - b.vip_level);
  const chosen = tiers.find((p) => p.vip_level === selected && canBuyVipLevel(p.vip_level, level));

  const show = (next: Outcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    timer.current = setTimeout(() => {
      if (next.kind === 'ok') navigate('/mine');
      else setOutcome(null);
    }, BUY_DIALOG_MS);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !chosen || buy.isPending) return;
    const price = parseMicro(chosen.price) ?? 0n;
    const source = vipPaymentSource(
      price,
      parseMicro(user.money) ?? 0n,
      parseMicro(user.points) ?? 0n,
    );
    // Neither balance covers the price: BuyError without a call (spec section 4).
    if (!source) return show({ kind: 'error', reason: 'insufficient' });
    setConfirming({ level: chosen.vip_level, source });
  };

  const confirmBuy = async () => {
    if (!confirming || buy.isPending) return;
    const level = confirming.level;
    setConfirming(null);
    try {
      const result = await buy.mutateAsync({ data: { vip_level: level } });
      show({ kind: 'ok', result });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      show({
        kind: 'error',
        reason:
          code === 'INSUFFICIENT_FUNDS'
            ? 'insufficient'
            : code === 'VIP_LEVEL_NOT_ABOVE_CURRENT'
              ? 'notAbove'
              : 'generic',
      });
    }
  };

  const closeError = () => {
    if (outcome?.kind !== 'error') return;
    clearTimeout(timer.current);
    setOutcome(null);
  };

  return (
    <main className="page">
      <PageHeader title={t('routes.subscribe')} backTo="/mine" backLabel={t('common.back')} />
      <BalanceGrid
        label={t('mine.balances')}
        items={[
          { label: t('mine.wallet'), amount: user?.money ?? 0 },
          { label: t('mine.points'), amount: user?.points ?? 0 },
        ]}
      />
      {packages.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {packages.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="package-list" disabled={!user}>
          <legend className="section-title">{t('subscribe.choose')}</legend>
          {tiers.map((tier) => {
            const owned = ownsVipLevel(tier.vip_level, level);
            const selectable = canBuyVipLevel(tier.vip_level, level);
            return (
              <label
                key={tier.vip_level}
                className={`package-card${owned ? ' is-owned' : ''}${
                  selected === tier.vip_level ? ' is-selected' : ''
                }`}
                data-testid={`package-${tier.vip_level}`}
              >
                <input
                  type="radio"
                  name="vip_level"
                  value={tier.vip_level}
                  checked={selected === tier.vip_level}
                  disabled={!selectable}
                  onChange={() => setSelected(tier.vip_level)}
                  aria-label={`VIP${tier.vip_level}`}
                />
                <span className="package-card__head">
                  <span className="package-card__title">{`VIP${tier.vip_level}`}</span>
                  {owned ? <span className="status-badge">{t('subscribe.bought')}</span> : null}
                </span>
                <span className="package-card__price">{formatUsdt(tier.price)} USDT</span>
                <span className="package-card__details">
                  <span>{t('subscribe.dailyTrailers', { n: tier.daily_trailers })}</span>
                  <span>
                    {t('subscribe.rewardPerTrailer', {
                      amount: formatUsdt(tier.reward_per_trailer),
                    })}
                  </span>
                  <span>{t('subscribe.days', { n: tier.membership_days })}</span>
                  {owned && user?.vip_expire ? (
                    <span>
                      {t('subscribe.expires', { date: formatDayMonthYear(user.vip_expire) })}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className="payment-method">
          <span>{t('subscribe.paymentMethod')}</span>
          <strong>{t('mine.wallet')}</strong>
        </div>
        <button
          type="submit"
          className="button button--primary button--block sticky-submit"
          disabled={!chosen || buy.isPending || outcome !== null || confirming !== null}
        >
          {chosen ? t('subscribe.buy') : t('subscribe.pickFirst')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('subscribe.confirmTitle', { level: confirming?.level })}
        confirmLabel={t('subscribe.buy')}
        onConfirm={confirmBuy}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {t('subscribe.confirmBody', {
            amount: chosen ? formatUsdt(chosen.price) : '',
            source: confirming?.source === 'points' ? t('mine.points') : t('mine.wallet'),
          })}
        </p>
      </ConfirmDialog>
      <Modal
        open={outcome !== null}
        onClose={closeError}
        title={outcome?.kind === 'ok' ? t('subscribe.buyOkTitle') : t('subscribe.buyErrorTitle')}
      >
        {outcome?.kind === 'ok' ? (
          <p>
            {t('subscribe.buyOk', { level: outcome.result.vip_level })}{' '}
            {outcome.result.paid_from === 'points'
              ? t('subscribe.paidFromPoints')
              : t('subscribe.paidFromMoney')}
          </p>
        ) : null}
        {outcome?.kind === 'error' ? (
          <p>
            {outcome.reason === 'insufficient'
              ? t('subscribe.notEnough')
              : outcome.reason === 'notAbove'
                ? t('subscribe.notAbove')
                : t('errors.generic')}
          </p>
        ) : null}
      </Modal>
    </main>
  );
}
