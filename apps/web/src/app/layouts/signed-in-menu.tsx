// The side menu's groups for someone signed in (side-menu.tsx draws a visitor's): the app first (money, videos,
// team and security, the account, the admin desks), then the public pages. In the signed-in pages' chunk
// (vite.config.ts SIGNED_IN_SHELL), loaded only for a stored login.
import { useLogout } from '../../lib/use-logout';
import { useSession } from '../../lib/session';
import { msg, t } from '../../lib/i18n';
import { EVERYONE, Group, type Item } from './menu-group';

const ADMIN: Item[] = [
  { to: '/admin/dashboard', label: msg('Dashboard') },
  { to: '/allusers', label: msg('Users') },
  { to: '/adminvideo', label: msg('Add Video') },
  { to: '/admin/withdraw', label: msg('Admin Withdraw') },
  { to: '/admin/deposit', label: msg('Admin Deposit') },
  { to: '/admin/deposit-addresses', label: msg('Deposit addresses') },
  { to: '/admin/subscription-codes', label: msg('Subscription codes') },
  { to: '/admin/announcements', label: msg('Announcements') },
  { to: '/admin/support', label: msg('Support desk') },
  { to: '/admin/kyc', label: msg('Identity checks') },
];
/** Super admins also see the audit log and the platform settings. */
const SADMIN_ONLY: Item[] = [
  { to: '/admin/audit', label: msg('Audit log') },
  { to: '/admin/settings', label: msg('Settings') },
  { to: '/admin/kyc-form', label: msg('Identity check form') },
];
const SUBSCRIBER: Item[] = [{ to: '/video', label: msg('Video') }];
/** A signed-in user's money, first: where the balance is, then what moves it. */
const MONEY: Item[] = [
  { to: '/user/dashboard', label: msg('Dashboard') },
  { to: '/user/deposit', label: msg('Deposit') },
  { to: '/user/withdraw', label: msg('Withdraw') },
  { to: '/user/transfer', label: msg('Transfer') },
  { to: '/user/package', label: msg('Package') },
  { to: '/user/statement', label: msg('Statement') },
  { to: '/user/history', label: msg('History') },
];
/** The team, then keeping the account safe and getting help. */
const TEAM_AND_SAFETY: Item[] = [
  { to: '/user/referrals', label: msg('My team') },
  { to: '/user/security', label: msg('Security') },
  { to: '/user/verification', label: msg('Verification') },
  { to: '/user/support', label: msg('Support') },
];
const ACCOUNT: Item[] = [
  { to: '/user/profile', label: msg('Profile'), end: true },
  { to: '/user/notifications', label: msg('Notifications') },
];

export function SignedInMenu({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  const logout = useLogout();
  return (
    <>
      <Group title={t('Wallet')} items={MONEY} onNavigate={onNavigate} />
      {session.isSubscriber && <Group title={t('Videos')} items={SUBSCRIBER} onNavigate={onNavigate} />}
      <Group title={t('Team and security')} items={TEAM_AND_SAFETY} onNavigate={onNavigate} />
      <Group title={t('Account')} items={ACCOUNT} onNavigate={onNavigate}>
        <li>
          <button
            type="button"
            className="block w-full rounded-lg px-3 py-2 text-start text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            onClick={() => {
              onNavigate();
              void logout();
            }}
          >
            {t('Logout')}
          </button>
        </li>
      </Group>
      {session.isAdmin && (
        <Group title={t('Admin')} items={session.role === 'SADMIN' ? [...ADMIN, ...SADMIN_ONLY] : ADMIN} onNavigate={onNavigate} />
      )}
      <Group title={t('Explore')} items={EVERYONE} onNavigate={onNavigate} />
    </>
  );
}
