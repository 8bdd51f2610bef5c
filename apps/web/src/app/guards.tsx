// docs/product.md#roles on the client: anonymous → /login, logged in without permission → /denied.
// The decision uses the stored auth until /user/me answers, then the server's user. The way to /login
// carries the page asked for (path and query, lib/return-path.ts), so signing in returns there; a session
// that ends on the server (a 401 anywhere, lib/api.ts) clears the stored auth and comes through here too.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../lib/auth-storage';
import { useSession, type Session } from '../lib/session';
import { useAppConfig } from '../lib/config';
import { loginPathFor } from '../lib/return-path';
import { t } from '../lib/i18n';

function Checking() {
  return (
    <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-300">
      {t('Checking your session…')}
    </p>
  );
}

/** `refused`: what a signed-in user who may not see the page sees instead of /denied. */
function Guard({ allow, refused }: { allow: (session: Session) => boolean; refused?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session.isLoggedIn) return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (allow(session)) return <Outlet />;
  if (session.isChecking) return <Checking />;
  return refused ?? <Navigate to="/denied" replace />;
}

/** Who each guard lets through (also what the first load's preload goes by, area-routes.tsx). */
export const allowUser = (s: Session) => s.role !== null;
export const allowRoles = (roles: readonly Role[]) => (s: Session) => s.role !== null && roles.includes(s.role);
export const allowSubscriber = (s: Session) => s.isSubscriber || s.isAdmin;

export function RequireUser() {
  return <Guard allow={allowUser} />;
}

export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const session = useSession();
  // ADMIN_2FA=required: an admin without two-factor sign-in sets it up first (the server refuses admin calls, 403).
  if (useAppConfig().admin2fa === 'required' && session.isAdmin && session.user && !session.isChecking && !session.user.twoFactor) {
    return <Navigate to="/user/security" replace state={{ adminNeeds2fa: true }} />;
  }
  return <Guard allow={allowRoles(roles)} />;
}

/** Subscribers watch videos; admins may always read them, to manage them; anyone else signed in is invited to subscribe. */
export function RequireSubscriber({ invitation }: { invitation: ReactNode }) {
  return <Guard allow={allowSubscriber} refused={invitation} />;
}
