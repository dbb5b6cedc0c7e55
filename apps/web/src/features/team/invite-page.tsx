import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { effectiveVipLevel } from '@app/domain';
import { useGetMe } from './api';
import { CampaignNote } from '../../components/ui/campaign-note';
import { CopyIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { copyText } from '../../lib/clipboard';

export function inviteLink(origin: string, id: number): string {
  return `${origin}/register?code=${id}`;
}

/** The link may wrap after a slash or before the query, never inside the member number. */
function InviteLinkText({ link }: { link: string }) {
  const at = link.indexOf('?');
  if (at < 0) return <>{link}</>;
  return (
    <>
      {link.slice(0, at)}
      <wbr />
      <span className="nowrap">{link.slice(at)}</span>
    </>
  );
}

export function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useGetMe();
  const user = me.data;
  const level = user
    ? effectiveVipLevel(
        user.vip_level,
        user.vip_expire ? new Date(user.vip_expire) : null,
        new Date(),
      )
    : null;
  const link = user ? inviteLink(window.location.origin, user.id) : '';

  const onCopy = async () => {
    toast((await copyText(link)) ? t('invite.copied') : t('invite.copyFailed'));
  };
  const goHome = () => navigate('/', { replace: true });

  return (
    <main className="page">
      <PageHeader title={t('invite.title')} />
      <section className="invite-card">
        <p className="invite-card__label">{t('invite.code')}</p>
        <p className="invite-card__code" data-testid="invite-code">
          {user?.id ?? '…'}
        </p>
        <p className="invite-card__label">{t('invite.link')}</p>
        <p className="invite-card__link" data-testid="invite-link">
          <InviteLinkText link={link} />
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={onCopy}
          disabled={!user || level === 0}
        >
          <CopyIcon /> {t('invite.copy')}
        </button>
      </section>
      <CampaignNote />
      <Modal
        open={level === 0}
        onClose={goHome}
        title={t('invite.onlyVipTitle')}
        actions={
          <button type="button" className="button button--primary" onClick={goHome}>
            {t('common.confirm')}
          </button>
        }
      >
        <p>{t('invite.onlyVip')}</p>
      </Modal>
    </main>
  );
}
