// The side menu's groups (side-menu.tsx draws a visitor's, signed-in-menu.tsx the signed-in ones): a titled list
// of links, the current page's marked, and the public pages' list that both show.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { msg, t } from '../../lib/i18n';

export interface Item {
  to: string;
  label: string;
  /** Marked only on this exact path, not below it. */
  end?: boolean;
}

export const EVERYONE: Item[] = [
  { to: '/', label: msg('Home'), end: true },
  { to: '/allpackage', label: msg('All Packages') },
  { to: '/blog', label: msg('Blog') },
  { to: '/contact', label: msg('Contact Us') },
  { to: '/about', label: msg('About Us') },
];
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/** A titled list of links; `children` are more list items after them (the logout button). */
export function Group({ title, items, onNavigate, children }: { title: string; items: Item[]; onNavigate: () => void; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClass} onClick={onNavigate}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}
