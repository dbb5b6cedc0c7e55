import { formatUsdt } from '@app/domain';

export interface BalanceItem {
  label: string;
  /** USDT as the API sends it; shown with 2 decimals. */
  amount: number;
  testId?: string;
}

/** The figures block of the account screens: one cell per balance. */
export function BalanceGrid({ label, items }: { label: string; items: BalanceItem[] }) {
  return (
    <section
      className={`balance-grid${items.length === 2 ? ' balance-grid--two' : ''}`}
      aria-label={label}
    >
      {items.map((item) => (
        <div key={item.label}>
          <span className="balance-grid__value" data-testid={item.testId}>
            {formatUsdt(item.amount)}
          </span>
          <span className="balance-grid__label">{item.label}</span>
        </div>
      ))}
    </section>
  );
}
