import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/**
 * With fewer than two active admins, staff and economy changes apply on one
 * person's word: four eyes cannot hold, and the console says so where admins
 * look first (the dashboard and the staff page).
 */
export function OneAdminNotice({
  activeAdmins,
  linkToStaff = false,
}: {
  activeAdmins: number;
  linkToStaff?: boolean;
}) {
  const { t } = useTranslation();
  if (activeAdmins >= 2) return null;
  return (
    <p className="form__error" role="alert" data-testid="one-admin-notice">
      {t('admin.staff.oneAdmin')}
      {linkToStaff ? (
        <>
          {' '}
          <Link to="/admin/staff">{t('admin.staff.open')}</Link>
        </>
      ) : null}
    </p>
  );
}
