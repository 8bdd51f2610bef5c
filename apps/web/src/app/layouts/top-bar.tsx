import { lazy, Suspense, type RefObject } from 'react';
import { Link } from 'react-router';
import { Menu, Moon, Sun, X } from '../../components/ui/shell-icons';
import { toggleTheme, useTheme } from '../../lib/theme';
import { NotificationBellSlot } from '../../features/notifications/bell-slot';
import { LanguageSwitch } from './language-switch';
import { Logo } from '../../components/ui/logo';
import { useStoredAuth } from '../../lib/auth-storage';
import { t } from '../../lib/i18n';

// Who is signed in: a chunk of its own, loaded only for a stored login (the server preloads it with every
// signed-in page), so a visitor's first load of `/` carries none of it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

/**
 * Who is signed in, in a place of its own: on a phone the menu button is the avatar alone (h-10 w-10), and the
 * placeholder holds exactly that place while the chunk loads, so nothing beside it moves when it arrives.
 */
function UserMenuSlot() {
  const { isLoggedIn } = useStoredAuth();
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-10 w-10 shrink-0" />}>
      <UserMenu />
    </Suspense>
  );
}

/** The bell's place, the same size before, while and after it loads (features/notifications/bell-slot.tsx). */
function BellPlace() {
  const { isLoggedIn } = useStoredAuth();
  if (!isLoggedIn) return null;
  return (
    <div className="flex h-10 w-10 shrink-0 items-center justify-center" data-testid="bell-slot">
      <NotificationBellSlot />
    </div>
  );
}

interface TopBarProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';

export function TopBar({ menuOpen, onMenuToggle, menuButtonRef }: TopBarProps) {
  const theme = useTheme();
  const isDark = theme === 'dark';
  return (
    <header data-testid="top-bar" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4">
        <button
          ref={menuButtonRef}
          type="button"
          className={`${iconButton} lg:hidden`}
          aria-label={menuOpen ? t('Close menu') : t('Open menu')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onMenuToggle}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        {/* The logo: one element (the mark, and the name from 420 px up: on a phone the mark alone leaves the bar
            room for the bell, the account, the language and the theme without overlapping). */}
        <Link to="/" className="flex shrink-0 items-center" aria-label={t('USDT Points home')} data-testid="logo">
          <Logo />
        </Link>
        {/* On a phone each place here has its final size from the first paint (the bell's and the account's
            placeholders are their size), so nothing moves when they load. */}
        <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <BellPlace />
          <LanguageSwitch />
          <button
            type="button"
            className={iconButton}
            aria-label={t('Toggle dark theme')}
            aria-pressed={isDark}
            onClick={toggleTheme}
            data-testid="theme-toggle"
          >
            {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          </button>
          <UserMenuSlot />
        </div>
      </div>
    </header>
  );
}
