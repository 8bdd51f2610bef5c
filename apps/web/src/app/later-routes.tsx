// Routes whose pages arrive with later work. Each is registered here, under its guard, so replacing
// a ComingSoon with the real page is a one-line change of its `Component` loader.
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';

const ComingSoon = lazyPage(() => import('./coming-soon'), 'ComingSoon');

export interface LaterRoute {
  path: string;
  Component: ComponentType;
}

/** Any logged-in user (USER, ADMIN, SADMIN). */
export const laterUserRoutes: LaterRoute[] = [
  { path: '/user/transfer', Component: ComingSoon },
  { path: '/user/deposit', Component: ComingSoon },
  { path: '/user/package', Component: ComingSoon },
  { path: '/user/withdraw', Component: ComingSoon },
];

/** Subscribed users (and admins). */
export const laterSubscriberRoutes: LaterRoute[] = [
  { path: '/video', Component: ComingSoon },
  { path: '/video/:id', Component: ComingSoon },
];

/** ADMIN or SADMIN. */
export const laterAdminRoutes: LaterRoute[] = [
  { path: '/allusers', Component: ComingSoon },
  { path: '/adminvideo', Component: ComingSoon },
  { path: '/admin/withdraw', Component: ComingSoon },
  { path: '/admin/deposit', Component: ComingSoon },
];
