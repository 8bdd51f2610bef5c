// The signed-in areas, grouped by the guard that protects them, and the 404 page: the router's
// catch-all route (router.tsx) loads this module lazily, so `/` does not carry their route table.
// Each page is its own chunk, so the public pages never load wallet, admin, chart or QR code.
import { isValidElement, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, preloadPage } from '../lib/lazy-page';
import { getStoredAuth, type Role } from '../lib/auth-storage';
import { sessionOf, type Session } from '../lib/session';
import { RequireRole, RequireSubscriber, RequireUser, allowRoles, allowSubscriber, allowUser } from './guards';
import { NotFoundPage } from './not-found-page';
import { prefetchDashboard } from '../features/dashboard/api';

const ChangePasswordPage = lazyPage(() => import('../features/auth/change-password-page'), 'ChangePasswordPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const SecurityPage = lazyPage(() => import('../features/security/security-page'), 'SecurityPage');
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications-page'), 'NotificationsPage');
// The dashboard's calls go out beside its chunk: its first render shows their answers (features/dashboard/api.ts).
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage', { data: prefetchDashboard });

const TransferPage = lazyPage(() => import('../features/wallet/transfer-page'), 'TransferPage');
const DepositPage = lazyPage(() => import('../features/wallet/deposit-page'), 'DepositPage');
const PackagePage = lazyPage(() => import('../features/wallet/deposit-page'), 'PackagePage');
const WithdrawPage = lazyPage(() => import('../features/wallet/withdraw-page'), 'WithdrawPage');
const HistoryPage = lazyPage(() => import('../features/wallet/history-page'), 'HistoryPage');
const StatementPage = lazyPage(() => import('../features/wallet/statement-page'), 'StatementPage');
const SupportPage = lazyPage(() => import('../features/support/support-page'), 'SupportPage');
const TicketPage = lazyPage(() => import('../features/support/ticket-page'), 'TicketPage');
const VerificationPage = lazyPage(() => import('../features/kyc/verification-page'), 'VerificationPage');
const TeamPage = lazyPage(() => import('../features/referrals/team-page'), 'TeamPage');
// The admin desks' texts come with them (lib/i18n.ts): a member never downloads them.
const ADMIN = { messages: ['admin'] } as const;
const AdminWithdrawPage = lazyPage(() => import('../features/admin-money/admin-withdraw-page'), 'AdminWithdrawPage', ADMIN);
const AdminDepositPage = lazyPage(() => import('../features/admin-money/admin-deposit-page'), 'AdminDepositPage', ADMIN);
const AllUsersPage = lazyPage(() => import('../features/admin/users-page'), 'AllUsersPage', ADMIN);
const AdminUserPage = lazyPage(() => import('../features/admin/user-page'), 'AdminUserPage', ADMIN);
const AdminDashboardPage = lazyPage(() => import('../features/admin/dashboard-page'), 'AdminDashboardPage', ADMIN);
const AuditPage = lazyPage(() => import('../features/admin/audit-page'), 'AuditPage', ADMIN);
const SettingsPage = lazyPage(() => import('../features/admin/settings-page'), 'SettingsPage', ADMIN);
const DepositAddressesPage = lazyPage(() => import('../features/admin/deposit-addresses-page'), 'DepositAddressesPage', ADMIN);
const SubscriptionCodesPage = lazyPage(() => import('../features/admin/subscription-codes-page'), 'SubscriptionCodesPage', ADMIN);
const AdminAnnouncementsPage = lazyPage(
  () => import('../features/notifications/admin-announcements-page'),
  'AdminAnnouncementsPage',
  ADMIN,
);
const AdminSupportPage = lazyPage(() => import('../features/support/admin-support-page'), 'AdminSupportPage', ADMIN);
const AdminTicketPage = lazyPage(() => import('../features/support/admin-ticket-page'), 'AdminTicketPage', ADMIN);
const AdminKycPage = lazyPage(() => import('../features/kyc/admin-kyc-page'), 'AdminKycPage', ADMIN);
const AdminKycFormPage = lazyPage(() => import('../features/kyc/admin-kyc-form-page'), 'AdminKycFormPage', ADMIN);
const VideoLibraryPage = lazyPage(() => import('../features/videos/video-library-page'), 'VideoLibraryPage');
const VideoPlayerPage = lazyPage(() => import('../features/videos/video-player-page'), 'VideoPlayerPage');
const SubscribeInvitationPage = lazyPage(() => import('../features/videos/subscribe-invitation'), 'SubscribeInvitationPage');
const AdminVideoPage = lazyPage(() => import('../features/videos/admin-video-page'), 'AdminVideoPage', ADMIN);

interface AreaRoute {
  path: string;
  Component: ComponentType;
}

/** Any logged-in user (USER, ADMIN, SADMIN). */
const userAreaRoutes: AreaRoute[] = [
  { path: '/user/transfer', Component: TransferPage },
  { path: '/user/deposit', Component: DepositPage },
  { path: '/user/package', Component: PackagePage },
  { path: '/user/withdraw', Component: WithdrawPage },
  { path: '/user/history', Component: HistoryPage },
  { path: '/user/statement', Component: StatementPage },
  { path: '/user/referrals', Component: TeamPage },
  { path: '/user/support', Component: SupportPage },
  { path: '/user/support/:id', Component: TicketPage },
  { path: '/user/verification', Component: VerificationPage },
];

/** Subscribed users (and admins). */
const subscriberAreaRoutes: AreaRoute[] = [
  { path: '/video', Component: VideoLibraryPage },
  { path: '/video/:id', Component: VideoPlayerPage },
];

/** ADMIN or SADMIN. */
const adminAreaRoutes: AreaRoute[] = [
  { path: '/allusers', Component: AllUsersPage },
  { path: '/admin/users/:id', Component: AdminUserPage },
  { path: '/admin/dashboard', Component: AdminDashboardPage },
  { path: '/adminvideo', Component: AdminVideoPage },
  { path: '/admin/withdraw', Component: AdminWithdrawPage },
  { path: '/admin/deposit', Component: AdminDepositPage },
  { path: '/admin/deposit-addresses', Component: DepositAddressesPage },
  { path: '/admin/subscription-codes', Component: SubscriptionCodesPage },
  { path: '/admin/announcements', Component: AdminAnnouncementsPage },
  { path: '/admin/support', Component: AdminSupportPage },
  { path: '/admin/support/:id', Component: AdminTicketPage },
  { path: '/admin/kyc', Component: AdminKycPage },
];

/** SADMIN only. */
const superAdminAreaRoutes: AreaRoute[] = [
  { path: '/admin/audit', Component: AuditPage },
  { path: '/admin/settings', Component: SettingsPage },
  { path: '/admin/kyc-form', Component: AdminKycFormPage },
];

const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SADMIN'];
const SADMIN_ONLY: readonly Role[] = ['SADMIN'];

const toRoutes = (routes: AreaRoute[]): RouteObject[] =>
  routes.map(({ path, Component }) => ({ path, element: <Component /> }));

const routes: RouteObject[] = [
  {
    element: <RequireUser />,
    children: [
      { path: '/user/dashboard', element: <DashboardPage /> },
      { path: '/user/profile', element: <ProfilePage /> },
      { path: '/user/profile/change-password', element: <ChangePasswordPage /> },
      { path: '/user/security', element: <SecurityPage /> },
      { path: '/user/notifications', element: <NotificationsPage /> },
      ...toRoutes(userAreaRoutes),
    ],
  },
  { element: <RequireSubscriber invitation={<SubscribeInvitationPage />} />, children: toRoutes(subscriberAreaRoutes) },
  { element: <RequireRole roles={ADMIN_ROLES} />, children: toRoutes(adminAreaRoutes) },
  { element: <RequireRole roles={SADMIN_ONLY} />, children: toRoutes(superAdminAreaRoutes) },
  { path: '*', element: <NotFoundPage /> },
];

/** Whether the guard lets the session through (guards.tsx). */
function guardPasses(guard: unknown, session: Session): boolean {
  if (!isValidElement(guard) || !session.isLoggedIn) return false;
  if (guard.type === RequireUser) return allowUser(session);
  if (guard.type === RequireRole) return allowRoles((guard.props as { roles: readonly Role[] }).roles)(session);
  if (guard.type === RequireSubscriber) return allowSubscriber(session);
  return false;
}

/**
 * Loads the page at `pathname` for the first render (router.tsx preloadRoute), when its guard lets the stored
 * login see it: a visitor sent to /login never downloads the page or calls its API.
 */
export function preloadArea(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname);
  const page = matches?.at(-1)?.route.element;
  if (!matches || matches.length < 2 || !guardPasses(matches[0].route.element, sessionOf(getStoredAuth()))) return Promise.resolve();
  return preloadPage(page);
}

/** Every path the public routes do not match. */
export function AreaRoutes() {
  return useRoutes(routes);
}
