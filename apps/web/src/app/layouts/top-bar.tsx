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

function UserMenuSlot() {
  const { isLoggedIn } = useStoredAuth();
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <UserMenu />
    </Suspense>
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
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
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
        <Link to="/" className="flex items-center" aria-label={t('USDT Points home')} data-testid="logo">
          <Logo />
        </Link>
        <div className="ms-auto flex min-w-0 items-center gap-2">
          <NotificationBellSlot />
          <UserMenuSlot />
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
        </div>
      </div>
    </header>
  );
}
