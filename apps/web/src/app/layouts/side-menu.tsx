// docs/product.md#routes side menu: what each visitor sees depends on login, role and subscription. Signed in, it
// leads with the app (money, videos, team and security, the account, the admin desks) and the public pages
// follow in a group of their own (docs/product.md#the-phone-shell); a visitor sees the public pages first.
import { NavLink } from 'react-router';
import { useLogout } from '../../lib/use-logout';
import { useSession } from '../../lib/session';
import { msg, t } from '../../lib/i18n';

interface Item {
  to: string;
  label: string;
}

const EVERYONE: Item[] = [
  { to: '/', label: msg('Home') },
  { to: '/allpackage', label: msg('All Packages') },
  { to: '/blog', label: msg('Blog') },
  { to: '/contact', label: msg('Contact Us') },
  { to: '/about', label: msg('About Us') },
];
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

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

function Group({ title, items, onNavigate }: { title: string; items: Item[]; onNavigate: () => void }) {
  return (
    <div className="mb-4">
      <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={onNavigate}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
}

export function SideMenu({ open, onClose }: SideMenuProps) {
  const session = useSession();
  const logout = useLogout();
  return (
    <nav
      id="side-menu"
      aria-label={t('Main menu')}
      className={`${open ? 'block' : 'hidden'} fixed top-16 bottom-0 start-0 z-40 w-72 overflow-y-auto border-e border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-950 lg:sticky lg:top-16 lg:bottom-auto lg:z-auto lg:block lg:h-[calc(100vh-4rem)] lg:w-60 lg:shrink-0 lg:pt-6 lg:shadow-none`}
    >
      {!session.isLoggedIn && <Group title={t('Explore')} items={EVERYONE} onNavigate={onClose} />}
      {session.isLoggedIn && <Group title={t('Wallet')} items={MONEY} onNavigate={onClose} />}
      {session.isSubscriber && <Group title={t('Videos')} items={SUBSCRIBER} onNavigate={onClose} />}
      {session.isLoggedIn && <Group title={t('Team and security')} items={TEAM_AND_SAFETY} onNavigate={onClose} />}
      <div className="mb-4">
        <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          {t('Account')}
        </h2>
        <ul>
          {session.isLoggedIn ? (
            <>
              <li>
                <NavLink to="/user/profile" end className={linkClass} onClick={onClose}>
                  {t('Profile')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/user/notifications" className={linkClass} onClick={onClose}>
                  {t('Notifications')}
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  className="block w-full rounded-lg px-3 py-2 text-start text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  {t('Logout')}
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={linkClass} onClick={onClose}>
                  {t('Login')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/signup" className={linkClass} onClick={onClose}>
                  {t('Signup')}
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </div>
      {session.isAdmin && (
        <Group title={t('Admin')} items={session.role === 'SADMIN' ? [...ADMIN, ...SADMIN_ONLY] : ADMIN} onNavigate={onClose} />
      )}
      {session.isLoggedIn && <Group title={t('Explore')} items={EVERYONE} onNavigate={onClose} />}
    </nav>
  );
}
