// Routes whose pages arrive with later work. Each is registered here, under its guard, so replacing
// a ComingSoon with the real page is a one-line change of its `Component` loader.
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';

const ComingSoon = lazyPage(() => import('./coming-soon'), 'ComingSoon');
const TransferPage = lazyPage(() => import('../features/wallet/transfer-page'), 'TransferPage');
const DepositPage = lazyPage(() => import('../features/wallet/deposit-page'), 'DepositPage');
const PackagePage = lazyPage(() => import('../features/wallet/deposit-page'), 'PackagePage');
const WithdrawPage = lazyPage(() => import('../features/wallet/withdraw-page'), 'WithdrawPage');
const HistoryPage = lazyPage(() => import('../features/wallet/history-page'), 'HistoryPage');
const StatementPage = lazyPage(() => import('../features/wallet/statement-page'), 'StatementPage');
const AdminWithdrawPage = lazyPage(() => import('../features/admin-money/admin-withdraw-page'), 'AdminWithdrawPage');
const AdminDepositPage = lazyPage(() => import('../features/admin-money/admin-deposit-page'), 'AdminDepositPage');
const AllUsersPage = lazyPage(() => import('../features/admin/users-page'), 'AllUsersPage');
const AdminDashboardPage = lazyPage(() => import('../features/admin/dashboard-page'), 'AdminDashboardPage');
const AuditPage = lazyPage(() => import('../features/admin/audit-page'), 'AuditPage');
const VideoLibraryPage = lazyPage(() => import('../features/videos/video-library-page'), 'VideoLibraryPage');
const VideoPlayerPage = lazyPage(() => import('../features/videos/video-player-page'), 'VideoPlayerPage');
const AdminVideoPage = lazyPage(() => import('../features/videos/admin-video-page'), 'AdminVideoPage');

export interface LaterRoute {
  path: string;
  Component: ComponentType;
}

/** Any logged-in user (USER, ADMIN, SADMIN). */
export const laterUserRoutes: LaterRoute[] = [
  { path: '/user/transfer', Component: TransferPage },
  { path: '/user/deposit', Component: DepositPage },
  { path: '/user/package', Component: PackagePage },
  { path: '/user/withdraw', Component: WithdrawPage },
  { path: '/user/history', Component: HistoryPage },
  { path: '/user/statement', Component: StatementPage },
];

/** Subscribed users (and admins). */
export const laterSubscriberRoutes: LaterRoute[] = [
  { path: '/video', Component: VideoLibraryPage },
  { path: '/video/:id', Component: VideoPlayerPage },
];

/** ADMIN or SADMIN. */
export const laterAdminRoutes: LaterRoute[] = [
  { path: '/allusers', Component: AllUsersPage },
  { path: '/admin/dashboard', Component: AdminDashboardPage },
  { path: '/adminvideo', Component: AdminVideoPage },
  { path: '/admin/withdraw', Component: AdminWithdrawPage },
  { path: '/admin/deposit', Component: AdminDepositPage },
];

/** SADMIN only. */
export const laterSuperAdminRoutes: LaterRoute[] = [{ path: '/admin/audit', Component: AuditPage }];
