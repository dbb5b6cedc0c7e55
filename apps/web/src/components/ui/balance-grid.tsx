import { Link } from 'react-router-dom';
import { formatUsdtExact } from '@app/domain';

export interface BalanceItem {
  label: string;
  /** USDT as the API sends it; shown to the precision it has (it must match the statement). */
  amount: number;
  testId?: string;
  /** Where the figure leads (its statement), if anywhere. */
  to?: string;
}

/**
 * The figures block of the account screens (/mine, /wallet, /mine/subscribe):
 * one cell per balance, each shrinking to the width it gets (320 px screens).
 */
export function BalanceGrid({
  label,
  items,
  testId,
}: {
  label: string;
  items: BalanceItem[];
  testId?: string;
}) {
  return (
    <section
      className={`balance-grid${items.length === 2 ? ' balance-grid--two' : ''}`}
      aria-label={label}
      data-testid={testId}
    >
      {items.map((item) => {
        const figure = (
          <>
            <span className="balance-grid__value" data-testid={item.testId}>
              {formatUsdtExact(item.amount)}
            </span>
            <span className="balance-grid__label">{item.label}</span>
          </>
        );
        return item.to ? (
          <Link key={item.label} to={item.to} className="balance-grid__link">
            {figure}
          </Link>
        ) : (
          <div key={item.label}>{figure}</div>
        );
      })}
    </section>
  );
}
