import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useListMessages } from '@app/contracts';
import { BottomNav, isBottomNavHidden, type BottomNavItem } from '../../components/ui/bottom-nav';
import {
  ChatIcon,
  FilmIcon,
  HomeIcon,
  InviteIcon,
  MessageIcon,
  UserIcon,
} from '../../components/ui/icons';
import { InstallOfferBar } from '../../components/ui/install-offer';
import { SupportLink } from '../../components/ui/support-link';
import { useLiveEvents } from '../../lib/live-events';
import { isAdminPath, useDesk } from '../../lib/desk';
import { ScreenSlot } from './screen-slot';

/**
 * The bottom bar with the unread count: the messages' answers (and their
 * minute refetch) render this bar again, not the layout and the page in it
 * (issue 41, total blocking time).
 */
function MemberNav() {
  const { t } = useTranslation();
  // The unread badge follows new messages without a reload.
  // Every message (the unpaged list): the badge counts the unread ones among all.
  const messages = useListMessages(undefined, { query: { refetchInterval: 60_000 } });
  const unread = messages.data?.filter((message) => !message.is_read).length ?? 0;
  const items: BottomNavItem[] = [
    { to: '/', label: t('nav.home'), icon: <HomeIcon /> },
    { to: '/films', label: t('nav.films'), icon: <FilmIcon /> },
    { to: '/invite', label: t('nav.invite'), icon: <InviteIcon /> },
    {
      to: '/message',
      label: t('nav.message'),
      icon: <MessageIcon />,
      count: unread,
      countLabel: t('nav.unread'),
    },
    { to: '/mine', label: t('nav.mine'), icon: <UserIcon /> },
  ];
  return <BottomNav items={items} label={t('nav.label')} />;
}

export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Balances, records and messages follow the member's live events.
  useLiveEvents();
  // The operator console at a desk is a layout of its own: nothing of the member's app over it.
  const desk = useDesk() && isAdminPath(pathname);

  return (
    <div
      className={
        desk
          ? 'shell shell--desk'
          : isBottomNavHidden(pathname)
            ? 'shell shell--main'
            : 'shell has-bottom-nav'
      }
    >
      {desk ? null : <InstallOfferBar />}
      <ScreenSlot>
        <Outlet />
      </ScreenSlot>
      {desk ? null : (
        // A landmark of its own: everything on the page sits in one (axe's region rule).
        // Always there: the club's chat when set, else its own support form.
        <aside aria-label={t('common.support')}>
          <SupportLink className="support-button" label={t('common.support')}>
            <ChatIcon />
          </SupportLink>
        </aside>
      )}
      {desk ? null : <MemberNav />}
    </div>
  );
}
