import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { STATEMENT_ACCOUNTS, STATEMENT_KINDS, formatUsdtExact } from '@app/domain';
import type { StatementAccount, StatementKind } from '@app/domain';
import type { StatementItem } from '@app/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { TxLink } from '../../components/ui/tx-link';
import { formatDateTime } from '../../lib/format-date';
import { useStatementPages } from './api';

const ACCOUNT_LABEL = {
  money: 'mine.wallet',
  points: 'mine.points',
  points_hold: 'mine.hold',
  commission_hold: 'statement.heldCommissions',
} as const satisfies Record<StatementAccount, string>;

/** Accounts in USDT; the others hold points. */
const USDT_ACCOUNTS: readonly StatementAccount[] = ['money', 'commission_hold'];

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/**
 * What a movement refers to, in words and with links: the trailer watched,
 * the team level and member a commission came from, the package bought, the
 * chain transaction of a deposit or withdrawal, a withdrawal's address.
 */
function RowDetails({ item }: { item: StatementItem }) {
  const { t } = useTranslation();
  const d = item.details;
  const trailer =
    d.trailer_id !== null ? (
      <Link className="text-link" to={`/films/${d.trailer_id}`}>
        {d.trailer_title ?? t('statement.ref.trailerNumber', { id: d.trailer_id })}
      </Link>
    ) : null;
  const parts: ReactNode[] = [];
  if (item.kind === 'commission' && d.team_level !== null) {
    parts.push(
      <span key="team">
        {t('statement.ref.commission', {
          level: d.team_level,
          member: d.from_member_name
            ? t('statement.ref.memberNamed', { name: d.from_member_name, id: d.from_member_id })
            : t('statement.ref.member', { id: d.from_member_id }),
        })}
      </span>,
    );
  }
  if (trailer) {
    parts.push(
      <span key="trailer">
        {t('statement.ref.trailer')} {trailer}
      </span>,
    );
  }
  if (d.vip_level !== null) {
    parts.push(
      <Link key="vip" className="text-link" to="/about">
        {t('statement.ref.package', { level: d.vip_level })}
      </Link>,
    );
  }
  if (d.wallet) {
    parts.push(
      <span key="wallet">
        {t('records.address')} <code className="break-all">{d.wallet}</code>
      </span>,
    );
  }
  if (d.tx_id) {
    parts.push(
      <span key="tx">
        {t('records.txId')} <TxLink txId={d.tx_id} />
      </span>,
    );
  }
  // Words the API has no details for: an adjustment's reason, a card payment's number.
  if (parts.length === 0 && item.reference) {
    parts.push(<span key="reference">{referenceWords(t, item)}</span>);
  }
  if (parts.length === 0) return null;
  return (
    <p className="record-row__detail statement-details" data-testid="statement-details">
      {parts}
    </p>
  );
}

/** A reference without details in words: never an internal code such as "hold:3". */
function referenceWords(t: TFunction, item: StatementItem): string {
  const id = item.reference?.split(':')[1];
  switch (item.kind) {
    case 'card_deposit':
      return t('statement.ref.cardDeposit', { id });
    case 'challenge':
      return t('statement.ref.challenge', { id });
    case 'promotion':
    case 'hold_release':
      return t('statement.ref.promotion');
    case 'adjustment':
      return item.reference ?? '';
    default:
      return '';
  }
}

function Row({ item }: { item: StatementItem }) {
  const { t, i18n } = useTranslation();
  const unit = USDT_ACCOUNTS.includes(item.account) ? ' USDT' : '';
  return (
    <li className="record-row" data-testid="statement-row">
      <div className="record-row__main">
        <span className="record-row__type">{t(`statement.kinds.${item.kind}`)}</span>
        <span
          className={`record-row__amount ${item.amount >= 0 ? 'is-credit' : 'is-debit'}`}
          data-testid="statement-amount"
        >
          {item.amount >= 0 ? '+' : ''}
          {formatUsdtExact(item.amount)}
          {unit}
        </span>
      </div>
      <div className="record-row__meta">
        <time dateTime={item.created_at}>{formatDateTime(item.created_at, i18n.language)}</time>
        <span>{t(ACCOUNT_LABEL[item.account])}</span>
        <span data-testid="statement-balance-after">
          {t('statement.balanceAfter', { amount: formatUsdtExact(item.balance_after) })}
        </span>
      </div>
      <RowDetails item={item} />
    </li>
  );
}

/**
 * /mine/statement: every movement of the member's accounts with the balance
 * after it, newest first, filtered by account and kind (kept in the address,
 * so a balance on /mine links to its own account's statement); the next page
 * loads when the end of the list comes into view, or with "Load more".
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const account = pick(search.get('account'), STATEMENT_ACCOUNTS);
  const kind = pick(search.get('kind'), STATEMENT_KINDS);
  const params = { ...(account ? { account } : {}), ...(kind ? { kind } : {}) };
  const statement = useStatementPages(params);
  const rows = statement.data?.pages.flatMap((page) => page.items) ?? [];

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = statement;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  const setFilter = (name: 'account' | 'kind', value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  return (
    <main className="page">
      <PageHeader title={t('statement.title')} backTo="/mine" backLabel={t('common.back')} />
      <div className="filters">
        <label className="field">
          <span className="field__label">{t('statement.account')}</span>
          <select
            className="field__input"
            value={account ?? ''}
            onChange={(event) => setFilter('account', event.target.value)}
          >
            <option value="">{t('statement.all')}</option>
            {STATEMENT_ACCOUNTS.map((value) => (
              <option key={value} value={value}>
                {t(ACCOUNT_LABEL[value])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('statement.kindFilter')}</span>
          <select
            className="field__input"
            value={kind ?? ''}
            onChange={(event) => setFilter('kind', event.target.value)}
          >
            <option value="">{t('statement.all')}</option>
            {STATEMENT_KINDS.map((value: StatementKind) => (
              <option key={value} value={value}>
                {t(`statement.kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {statement.isPending ? (
        <p className="empty">{t('common.loading')}</p>
      ) : statement.isError ? (
        <p className="empty">{t('errors.generic')}</p>
      ) : rows.length === 0 ? (
        <p className="empty">{t('statement.empty')}</p>
      ) : (
        <>
          <ul className="record-list" aria-label={t('statement.title')}>
            {rows.map((item) => (
              <Row key={item.id} item={item} />
            ))}
          </ul>
          <div ref={sentinel} />
          {hasNextPage ? (
            <button
              type="button"
              className="button button--ghost button--block load-more"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </main>
  );
}
