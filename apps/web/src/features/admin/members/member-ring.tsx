import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useListRings } from './api';

/** The member page's word on rings (admins and finance): the member's ring, or none. */
export function MemberRing({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const rings = useListRings({ member_id: memberId });
  if (!rings.isSuccess) return null;
  const [ring] = rings.data;
  return (
    <p data-testid="member-ring" className={ring ? 'notice' : 'form__note'}>
      {ring ? (
        <>
          {t('admin.risk.inRing', {
            id: ring.id,
            status: t(`admin.risk.status.${ring.status}`),
            count: ring.members.length,
            usdt: formatUsdt(ring.held_usdt),
            points: formatUsdt(ring.held_points),
          })}{' '}
          <Link to="/admin/risk">{t('admin.risk.open')}</Link>
        </>
      ) : (
        t('admin.risk.noRing')
      )}
    </p>
  );
}
