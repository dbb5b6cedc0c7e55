import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { page } from './lazy-page';
import { MainLayout } from './layouts/main-layout';
import { RequireAdmin } from './require-admin';

/*
 * The signed-in part of the app: its layout (bottom bar, unread count,
 * support link), the operator guard and the table of its pages are one chunk,
 * loaded once the member is signed in. The signed-out pages never load it,
 * nor the generated calls and query observers it uses.
 */

const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const FilmsPage = page(() => import('../features/films/films-page'), 'FilmsPage');
const FilmDetailPage = page(() => import('../features/films/film-detail-page'), 'FilmDetailPage');
const MessagesPage = page(() => import('../features/messages/messages-page'), 'MessagesPage');
const MessageDetailPage = page(
  () => import('../features/messages/message-detail-page'),
  'MessageDetailPage',
);
const InvitePage = page(() => import('../features/team/invite-page'), 'InvitePage');
const MinePage = page(() => import('../features/account/mine-page'), 'MinePage');
const EditProfilePage = page(
  () => import('../features/account/edit-profile-page'),
  'EditProfilePage',
);
const SafetyPage = page(() => import('../features/account/safety-page'), 'SafetyPage');
const ChangePhonePage = page(
  () => import('../features/account/change-phone-page'),
  'ChangePhonePage',
);
const ChangePasswordPage = page(
  () => import('../features/account/change-password-page'),
  'ChangePasswordPage',
);
const TransactionPasswordPage = page(
  () => import('../features/account/transaction-password-page'),
  'TransactionPasswordPage',
);
const AddressBookPage = page(
  () => import('../features/wallet/address-book-pages'),
  'AddressBookPage',
);
const AddAddressPage = page(
  () => import('../features/wallet/address-book-pages'),
  'AddAddressPage',
);
const MailPage = page(() => import('../features/account/mail-page'), 'MailPage');
const VerifiedPage = page(() => import('../features/account/verified-page'), 'VerifiedPage');
const ProofPage = page(() => import('../features/account/proof-page'), 'ProofPage');
const CardDepositPage = page(
  () => import('../features/wallet/card-deposit-page'),
  'CardDepositPage',
);
const RechargeMethodPage = page(
  () => import('../features/wallet/recharge-pages'),
  'RechargeMethodPage',
);
const RechargeCodePage = page(
  () => import('../features/wallet/recharge-pages'),
  'RechargeCodePage',
);
const WithdrawalMethodPage = page(
  () => import('../features/wallet/withdrawal-pages'),
  'WithdrawalMethodPage',
);
const WithdrawalPage = page(() => import('../features/wallet/withdrawal-pages'), 'WithdrawalPage');
const CategoryPage = page(() => import('../features/content/category-page'), 'CategoryPage');
const TutorialPage = page(() => import('../features/content/tutorial-page'), 'TutorialPage');
const AboutPage = page(() => import('../features/content/about-page'), 'AboutPage');
const MineAboutPage = page(() => import('../features/content/about-page'), 'MineAboutPage');
const BonusPage = page(() => import('../features/content/bonus-page'), 'BonusPage');
const ChallengePage = page(() => import('../features/content/challenge-page'), 'ChallengePage');
const ProgressPage = page(() => import('../features/content/progress-page'), 'ProgressPage');
const MomentsPage = page(() => import('../features/moments/moments-page'), 'MomentsPage');
const RecordPage = page(() => import('../features/moments/moments-page'), 'RecordPage');
const CreateMomentPage = page(
  () => import('../features/moments/create-moment-page'),
  'CreateMomentPage',
);
const CreateTextMomentPage = page(
  () => import('../features/moments/create-moment-page'),
  'CreateTextMomentPage',
);
const WalletPage = page(() => import('../features/content/wallet-page'), 'WalletPage');
const TeamPage = page(() => import('../features/team/team-page'), 'TeamPage');
const TransferPage = page(() => import('../features/wallet/transfer-page'), 'TransferPage');
const SubscribePage = page(() => import('../features/wallet/subscribe-page'), 'SubscribePage');
const FundingPage = page(() => import('../features/wallet/records-pages'), 'FundingPage');
const StatementPage = page(() => import('../features/wallet/statement-page'), 'StatementPage');
const RechargeRecordsPage = page(
  () => import('../features/wallet/records-pages'),
  'RechargeRecordsPage',
);
const WithdrawalHistoryPage = page(
  () => import('../features/wallet/records-pages'),
  'WithdrawalHistoryPage',
);
// Operators only: members never download these chunks (the guard renders first).
const AdminLayout = page(() => import('../features/admin/shared/admin-layout'), 'AdminLayout');
const MoneyPage = page(() => import('../features/admin/pages/money-page'), 'MoneyPage');
const WithdrawalsQueue = page(
  () => import('../features/admin/withdrawals/withdrawals-queue'),
  'WithdrawalsQueue',
);
const DashboardPage = page(
  () => import('../features/admin/dashboard/dashboard-page'),
  'DashboardPage',
);
const MembersPage = page(() => import('../features/admin/members/members-page'), 'MembersPage');
const MemberPage = page(() => import('../features/admin/members/member-page'), 'MemberPage');
const WithdrawalDetailPage = page(
  () => import('../features/admin/withdrawals/withdrawal-detail-page'),
  'WithdrawalDetailPage',
);
const ReviewsSection = page(
  () => import('../features/admin/reviews/reviews-section'),
  'ReviewsSection',
);
const EconomyPage = page(() => import('../features/admin/pages/economy-page'), 'EconomyPage');
const MessagesAdminPage = page(
  () => import('../features/admin/messages/messages-page'),
  'MessagesAdminPage',
);
const AuditPage = page(() => import('../features/admin/audit/audit-page'), 'AuditPage');
const ContentPage = page(() => import('../features/admin/content/content-page'), 'ContentPage');
const StaffPage = page(() => import('../features/admin/staff/staff-page'), 'StaffPage');
const SupportRequestsPage = page(
  () => import('../features/admin/support-requests/support-requests-page'),
  'SupportRequestsPage',
);
const RiskPage = page(() => import('../features/admin/risk/risk-page'), 'RiskPage');

/** Every signed-in screen, under the main layout; anything else goes to /. */
export const signedInRoutes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/films', element: <FilmsPage /> },
      { path: '/films/:id', element: <FilmDetailPage /> },
      { path: '/category', element: <CategoryPage /> },
      { path: '/tutorial', element: <TutorialPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/mine/about', element: <MineAboutPage /> },
      { path: '/bonus', element: <BonusPage /> },
      { path: '/wallet', element: <WalletPage /> },
      { path: '/moments', element: <MomentsPage /> },
      { path: '/moments/create', element: <CreateMomentPage /> },
      { path: '/moments/create-text', element: <CreateTextMomentPage /> },
      { path: '/mine/record', element: <RecordPage /> },
      { path: '/challenge', element: <ChallengePage /> },
      { path: '/progress', element: <ProgressPage /> },
      { path: '/invite', element: <InvitePage /> },
      { path: '/message', element: <MessagesPage /> },
      { path: '/message/:id', element: <MessageDetailPage /> },
      { path: '/mine', element: <MinePage /> },
      { path: '/mine/edit', element: <EditProfilePage /> },
      { path: '/mine/message', element: <MessagesPage /> },
      { path: '/mine/safety', element: <SafetyPage /> },
      { path: '/mine/safety/phone', element: <ChangePhonePage /> },
      { path: '/mine/safety/password', element: <ChangePasswordPage /> },
      { path: '/mine/safety/transpass', element: <TransactionPasswordPage /> },
      { path: '/mine/safety/mail', element: <MailPage /> },
      { path: '/mine/verified', element: <VerifiedPage /> },
      { path: '/mine/proof', element: <ProofPage /> },
      { path: '/mine/recharge-card', element: <CardDepositPage /> },
      { path: '/mine/management', element: <AddressBookPage /> },
      { path: '/mine/management/add', element: <AddAddressPage /> },
      { path: '/mine/team', element: <TeamPage /> },
      { path: '/mine/transfer', element: <TransferPage /> },
      { path: '/mine/subscribe', element: <SubscribePage /> },
      { path: '/mine/funding', element: <FundingPage /> },
      { path: '/mine/statement', element: <StatementPage /> },
      { path: '/mine/recharge-records', element: <RechargeRecordsPage /> },
      { path: '/mine/withdrawal-history', element: <WithdrawalHistoryPage /> },
      { path: '/mine/recharge', element: <RechargeMethodPage /> },
      { path: '/mine/recharge-code', element: <RechargeCodePage /> },
      { path: '/mine/withdrawal-method', element: <WithdrawalMethodPage /> },
      { path: '/mine/withdrawal', element: <WithdrawalPage /> },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'members', element: <MembersPage /> },
          { path: 'members/:id', element: <MemberPage /> },
          { path: 'withdrawals', element: <WithdrawalsQueue /> },
          { path: 'withdrawals/:id', element: <WithdrawalDetailPage /> },
          { path: 'money', element: <MoneyPage /> },
          { path: 'risk', element: <RiskPage /> },
          { path: 'reviews', element: <ReviewsSection /> },
          { path: 'economy', element: <EconomyPage /> },
          { path: 'messages', element: <MessagesAdminPage /> },
          { path: 'content', element: <ContentPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'staff', element: <StaffPage /> },
          { path: 'support', element: <SupportRequestsPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}
