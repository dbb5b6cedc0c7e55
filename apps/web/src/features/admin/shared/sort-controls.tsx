import { useTranslation } from 'react-i18next';

export type SortOrder = 'asc' | 'desc';

/**
 * A sortable column's header: a button (in the tab order, with a visible
 * focus) that sorts by this column, or turns the order round when it already
 * does; `aria-sort` tells screen readers which column sorts and how.
 */
export function SortHeader({
  label,
  active,
  order,
  onSort,
  className,
}: {
  label: string;
  active: boolean;
  order: SortOrder;
  onSort: (order: SortOrder) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const next: SortOrder = active && order === 'desc' ? 'asc' : 'desc';
  return (
    <th
      className={className}
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="sort-header"
        onClick={() => onSort(next)}
        title={t(next === 'asc' ? 'admin.order.sortAsc' : 'admin.order.sortDesc', {
          column: label,
        })}
      >
        {label}
        <span aria-hidden="true" className="sort-header__mark">
          {active ? (order === 'asc' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** Newest or oldest first: the lists of queues and the audit log, by time. */
export function OrderSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SortOrder;
  onChange: (order: SortOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('admin.order.label')}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SortOrder)}>
        <option value="desc">{t('admin.order.desc')}</option>
        <option value="asc">{t('admin.order.asc')}</option>
      </select>
    </>
  );
}
