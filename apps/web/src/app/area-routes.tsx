// The lazily loaded pages of the signed-in areas, grouped by the guard that protects them (router.tsx).
// Each is its own chunk, so the public pages never load wallet, admin, chart or QR code.
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';

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

export interface AreaRoute {
  path: string;
  Component: ComponentType;
}

/** Any logged-in user (USER, ADMIN, SADMIN). */
export const userAreaRoutes: AreaRoute[] = [
  { path: '/user/transfer', Component: TransferPage },
  { path: '/user/deposit', Component: DepositPage },
  { path: '/user/package', Component: PackagePage },
  { path: '/user/withdraw', Component: WithdrawPage },
  { path: '/user/history', Component: HistoryPage },
  { path: '/user/statement', Component: StatementPage },
];

/** Subscribed users (and admins). */
export const subscriberAreaRoutes: AreaRoute[] = [
  { path: '/video', Component: VideoLibraryPage },
  { path: '/video/:id', Component: VideoPlayerPage },
];

/** ADMIN or SADMIN. */
export const adminAreaRoutes: AreaRoute[] = [
  { path: '/allusers', Component: AllUsersPage },
  { path: '/admin/dashboard', Component: AdminDashboardPage },
  { path: '/adminvideo', Component: AdminVideoPage },
  { path: '/admin/withdraw', Component: AdminWithdrawPage },
  { path: '/admin/deposit', Component: AdminDepositPage },
];

/** SADMIN only. */
export const superAdminAreaRoutes: AreaRoute[] = [{ path: '/admin/audit', Component: AuditPage }];
