import { Link } from 'react-router-dom';
import { formatUsdt } from '@app/domain';

export interface BalanceItem {
  label: string;
  /** USDT as the API sends it; shown with 2 decimals. */
  amount: number;
  testId?: string;
  /** Where the figure leads (its statement), if anywhere. */
  to?: string;
}

/** The figures block of the account screens: one cell per balance. */
export function BalanceGrid({ label, items }: { label: string; items: BalanceItem[] }) {
  return (
    <section
      className={`balance-grid${items.length === 2 ? ' balance-grid--two' : ''}`}
      aria-label={label}
    >
      {items.map((item) => {
        const figure = (
          <>
            <span className="balance-grid__value" data-testid={item.testId}>
              {formatUsdt(item.amount)}
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
