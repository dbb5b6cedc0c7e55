import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { canUse, type StaffArea } from '../../../lib/staff';
import { fetchExport, useGetMe } from './api';
import { AuditIntegrity } from './audit-integrity';
import { AuditLog } from './audit-log';

const EXPORTS: { name: string; area: StaffArea }[] = [
  { name: 'members', area: 'any' },
  { name: 'records', area: 'money' },
  { name: 'audit', area: 'admin' },
];

/** Downloads a CSV the API streams (it needs the operator's token, so not a plain link). */
async function download(name: string, from: string, to: string) {
  const blob = await fetchExport(name, from, to);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `/admin/audit`: CSV exports of a period, and the audit log (admins). */
export function AuditPage() {
  const { t } = useTranslation();
  const role = useGetMe().data?.role;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <section className="admin-section" aria-labelledby="exports-title">
        <h2 id="exports-title" className="section-title">
          {t('admin.exports.title')}
        </h2>
        <div className="filters">
          <TextField
            label={t('admin.exports.from')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label={t('admin.exports.to')}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <div className="modal__buttons">
          {EXPORTS.filter((e) => canUse(role, e.area)).map((e) => (
            <button
              key={e.name}
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setError(null);
                download(e.name, from, to).catch((failure) => setError(t(apiErrorKey(failure))));
              }}
            >
              {t(`admin.exports.${e.name}` as 'admin.exports.members')}
            </button>
          ))}
        </div>
        {error ? <p role="alert">{error}</p> : null}
      </section>
      {canUse(role, 'admin') ? (
        <>
          <AuditIntegrity />
          <AuditLog />
        </>
      ) : null}
    </>
  );
}
