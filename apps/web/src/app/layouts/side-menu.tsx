// docs/product.md#routes side menu: what each visitor sees depends on login, role and subscription. Signed in, it
// leads with the app (money, videos, team and security, the account, the admin desks) and the public pages
// follow in a group of their own (docs/product.md#the-phone-shell); a visitor sees the public pages first. The
// signed-in groups are a module of their own (signed-in-menu.tsx, in the signed-in pages' chunk, loaded only for
// a stored login), so a visitor's first load of `/` carries none of their links.
import { lazy, Suspense } from 'react';
import { useStoredAuth } from '../../lib/auth-storage';
import { msg, t } from '../../lib/i18n';
import { EVERYONE, Group, type Item } from './menu-group';

const SignedInMenu = lazy(async () => ({ default: (await import('./signed-in-menu')).SignedInMenu }));

const VISITOR_ACCOUNT: Item[] = [
  { to: '/login', label: msg('Login') },
  { to: '/signup', label: msg('Signup') },
];

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
}

export function SideMenu({ open, onClose }: SideMenuProps) {
  const { isLoggedIn } = useStoredAuth();
  return (
    <nav
      id="side-menu"
      aria-label={t('Main menu')}
      className={`${open ? 'block' : 'hidden'} fixed top-16 bottom-0 start-0 z-40 w-72 overflow-y-auto border-e border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-950 lg:sticky lg:top-16 lg:bottom-auto lg:z-auto lg:block lg:h-[calc(100vh-4rem)] lg:w-60 lg:shrink-0 lg:pt-6 lg:shadow-none`}
    >
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <SignedInMenu onNavigate={onClose} />
        </Suspense>
      ) : (
        <>
          <Group title={t('Explore')} items={EVERYONE} onNavigate={onClose} />
          <Group title={t('Account')} items={VISITOR_ACCOUNT} onNavigate={onClose} />
        </>
      )}
    </nav>
  );
}
