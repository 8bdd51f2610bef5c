// Who is signed in, in the top bar (on a phone the avatar alone, the size of its placeholder in top-bar.tsx): the
// name and a menu button (WAI-ARIA menu button pattern) with Profile,
// Security and Logout. Keyboard: Enter, Space or ↓ opens on the first item, ↑ on the last; ↑ ↓ Home End move;
// Escape closes and gives focus back to the button; Tab closes and moves on. A click outside closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useLogout } from '../../lib/use-logout';
import { useSession } from '../../lib/session';
import { t } from '../../lib/i18n';

const itemClass =
  'block w-full px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

export function UserMenu() {
  const { isLoggedIn, user } = useSession();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<(HTMLElement | null)[]>([]);
  // Which item takes focus once the menu is drawn: first or last, as the key that opened it says.
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const items = itemsRef.current.filter((el): el is HTMLElement => el !== null);
    (focusOnOpen.current === 'last' ? items[items.length - 1] : items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!isLoggedIn || !user) return null;

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemsRef.current.filter((el): el is HTMLElement => el !== null);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const name = user.fullName;
  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        id={`${menuId}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={name}
        data-testid="user-menu-button"
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-10 w-10 max-w-full min-w-0 shrink-0 items-center justify-center gap-2 rounded-lg text-sm sm:w-auto sm:px-2 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-900 uppercase dark:bg-slate-700 dark:text-slate-100"
        >
          {name.trim().charAt(0) || '?'}
        </span>
        {/* The name is the visible label from sm up and stays in the accessible name on phones (label-in-name). */}
        <span className="sr-only">{t('Account menu for')} </span>
        <span className="sr-only sm:not-sr-only">
          <span className="block max-w-[10rem] truncate" data-testid="user-menu-name">
            {name}
          </span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden h-4 w-4 shrink-0 sm:block" fill="none" stroke="currentColor" strokeWidth={2}>
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={`${menuId}-button`}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full end-0 z-50 mt-2 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <li role="none">
            <Link ref={(el) => void (itemsRef.current[0] = el)} role="menuitem" tabIndex={-1} to="/user/profile" className={itemClass} onClick={() => close(false)}>
              {t('Profile')}
            </Link>
          </li>
          <li role="none">
            <Link ref={(el) => void (itemsRef.current[1] = el)} role="menuitem" tabIndex={-1} to="/user/security" className={itemClass} onClick={() => close(false)}>
              {t('Security')}
            </Link>
          </li>
          <li role="none">
            <button
              ref={(el) => void (itemsRef.current[2] = el)}
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={itemClass}
              onClick={() => {
                close(false);
                void logout();
              }}
            >
              {t('Logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
