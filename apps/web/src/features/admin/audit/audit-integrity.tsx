import { useTranslation } from 'react-i18next';
import { useVerifyAudit } from './api';

/**
 * The audit log's chain, checked by the API (links, hashes, signatures and
 * the heads published with proofs): intact, or where it breaks and why.
 */
export function AuditIntegrity() {
  const { t } = useTranslation();
  const check = useVerifyAudit({
    query: { refetchOnMount: 'always', refetchOnWindowFocus: false },
  });
  const result = check.data;
  return (
    <section className="admin-section" aria-labelledby="audit-verify-title">
      <h2 id="audit-verify-title" className="section-title">
        {t('admin.audit.verify.title')}
      </h2>
      <p role="status" data-testid="audit-verify">
        {check.isFetching
          ? t('admin.audit.verify.checking')
          : check.isError
            ? t('errors.generic')
            : result?.ok
              ? t('admin.audit.verify.intact', { count: result.checked })
              : result
                ? t('admin.audit.verify.broken', {
                    count: result.checked,
                    reason: [
                      result.reason ? t(`admin.audit.verify.reason.${result.reason}`) : '',
                      result.broken_at !== undefined
                        ? t('admin.audit.verify.at', { seq: result.broken_at })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(', '),
                  })
                : null}
      </p>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={check.isFetching}
        onClick={() => void check.refetch()}
      >
        {t('admin.audit.verify.check')}
      </button>
    </section>
  );
}
