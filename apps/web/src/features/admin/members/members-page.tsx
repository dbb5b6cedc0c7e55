import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt, MAX_VIP_LEVEL } from '@app/domain';
import type { ListMembersParams } from '@app/contracts';
import { useListMembers } from './api';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/format-date';
import { SortHeader, type SortOrder } from '../shared/sort-controls';
import { roleLabel, roleOption } from '../shared/plain-words';

const PAGE_SIZE = 20;
const FILTERS = ['level', 'active', 'verification', 'role'] as const;
const OPTIONS: Record<(typeof FILTERS)[number], string[]> = {
  // Every level a member can hold, 0 to the domain's top one.
  level: Array.from({ length: MAX_VIP_LEVEL + 1 }, (_, level) => String(level)),
  active: ['true', 'false'],
  verification: ['none', 'pending', 'approved', 'rejected'],
  role: ['member', 'admin', 'finance', 'support'],
};
const SORTS = ['id', 'created_at', 'money', 'vip_level'] as const;

/** The URL's query as the API's parameters: filters survive a reload and can be shared. */
function paramsOf(search: URLSearchParams): ListMembersParams {
  const get = (key: string) => search.get(key) || undefined;
  return {
    q: get('q'),
    level: get('level') ? Number(get('level')) : undefined,
    active: get('active') as ListMembersParams['active'],
    verification: get('verification') as ListMembersParams['verification'],
    role: get('role') as ListMembersParams['role'],
    joined_from: get('joined_from'),
    joined_to: get('joined_to'),
    sort: (get('sort') as ListMembersParams['sort']) ?? 'id',
    order: (get('order') as ListMembersParams['order']) ?? 'desc',
    page: Number(get('page') ?? 1),
    limit: PAGE_SIZE,
  };
}

/** `/admin/members`: search by id, phone or nickname; filters, sort and pages on the server. */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const members = useListMembers(params, { query: { placeholderData: (previous) => previous } });
  const [q, setQ] = useState(params.q ?? '');

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: q.trim() || undefined });
  };
  // Column headers sort on the server as the Sort select does (both live in the URL).
  const sortable = (column: (typeof SORTS)[number], label: string, className?: string) => (
    <SortHeader
      label={label}
      className={className}
      active={params.sort === column}
      order={(params.order ?? 'desc') as SortOrder}
      onSort={(order) => update({ sort: column, order })}
    />
  );
  // Each filter's values in words: a level as V1, the rest as the operator reads them.
  const optionLabel = (filter: (typeof FILTERS)[number], value: string) =>
    filter === 'level'
      ? `V${value}`
      : filter === 'active'
        ? t(value === 'true' ? 'admin.member.active' : 'admin.members.inactive')
        : filter === 'verification'
          ? t(`verified.status.${value as 'none'}`)
          : roleOption(t, value);
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = params.page ?? 1;

  return (
    <section className="admin-section" aria-labelledby="members-title">
      <h2 id="members-title" className="section-title">
        {t('admin.members.title')}
      </h2>
      <form className="filters" onSubmit={onSearch} role="search">
        <TextField
          label={t('admin.members.search')}
          placeholder={t('admin.members.searchPlaceholder')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <button type="submit" className="button button--primary button--small">
          {t('admin.members.find')}
        </button>
      </form>
      <div className="filters">
        {FILTERS.map((name) => (
          <div className="field" key={name}>
            <label className="field__label" htmlFor={`filter-${name}`}>
              {t(`admin.members.filters.${name}`)}
            </label>
            <select
              id={`filter-${name}`}
              className="field__input"
              value={search.get(name) ?? ''}
              onChange={(event) => update({ [name]: event.target.value || undefined })}
            >
              <option value="">{t('admin.members.any')}</option>
              {OPTIONS[name].map((value) => (
                <option key={value} value={value}>
                  {optionLabel(name, value)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <TextField
          label={t('admin.members.filters.joinedFrom')}
          type="date"
          value={search.get('joined_from') ?? ''}
          onChange={(event) => update({ joined_from: event.target.value || undefined })}
        />
        <TextField
          label={t('admin.members.filters.joinedTo')}
          type="date"
          value={search.get('joined_to') ?? ''}
          onChange={(event) => update({ joined_to: event.target.value || undefined })}
        />
        <div className="field">
          <label className="field__label" htmlFor="members-sort">
            {t('admin.members.sort')}
          </label>
          <select
            id="members-sort"
            className="field__input"
            value={`${params.sort}:${params.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':');
              update({ sort, order });
            }}
          >
            {SORTS.flatMap((sort) =>
              (['desc', 'asc'] as const).map((order) => (
                <option key={`${sort}:${order}`} value={`${sort}:${order}`}>
                  {t(`admin.members.sorts.${sort}`)} {order === 'desc' ? '↓' : '↑'}
                </option>
              )),
            )}
          </select>
        </div>
      </div>
      <p className="form__note" role="status">
        {members.isSuccess ? t('admin.members.found', { count: total }) : t('common.loading')}
      </p>
      {/* Focusable so a keyboard can scroll a table wider than the screen. */}
      <div
        className="table-scroll"
        role="region"
        aria-label={t('common.table', { name: t('admin.members.title') })}
        tabIndex={0}
      >
        <table className="data-table">
          <thead>
            <tr>
              {sortable('id', 'ID')}
              <th scope="col">{t('admin.members.columns.member')}</th>
              {sortable('vip_level', t('admin.members.columns.level'))}
              {sortable('money', t('admin.members.columns.money'), 'num')}
              {sortable('created_at', t('admin.members.columns.joined'))}
            </tr>
          </thead>
          <tbody>
            {(members.data?.items ?? []).map((m) => (
              <tr key={m.id} data-testid="member-row">
                <td>
                  <Link to={`/admin/members/${m.id}`}>{m.id}</Link>
                </td>
                <td>
                  <Link to={`/admin/members/${m.id}`}>{m.phone}</Link>
                  {m.nickname ? ` · ${m.nickname}` : ''}
                  {m.role !== 'member' ? ` · ${roleLabel(t, m.role)}` : ''}
                  {m.is_active ? '' : ` · ${t('admin.members.inactive')}`}
                </td>
                <td>V{m.vip_level}</td>
                <td className="num">{formatUsdt(m.money)}</td>
                <td>{formatDateTime(m.created_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="modal__buttons">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page <= 1}
          onClick={() => update({ page: String(page - 1) })}
        >
          {t('admin.members.previous')}
        </button>
        <span className="form__note">{t('admin.members.page', { page, pages })}</span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page >= pages}
          onClick={() => update({ page: String(page + 1) })}
        >
          {t('admin.members.next')}
        </button>
      </div>
    </section>
  );
}
