// The phone shell's bottom tab bar (docs/product.md#the-phone-shell): signed in and below 768 px, the five places
// people go most, one thumb away. A chunk of its own, loaded only for a stored login, so a visitor's first load
// of `/` carries none of it. The open tab is marked (aria-current="page"); each tab is a link, so Tab
// reaches them in order; the open one is marked by a line above and a bolder icon, not by colour alone. The root
// layout pads the page by the bar's height (and the safe area), so nothing hides behind it.
import { Link, useLocation } from 'react-router';
import { icon, Video, type ShellIcon } from '../../components/ui/shell-icons';
import { msg, t } from '../../lib/i18n';

const House = icon('house', [
  'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8',
  'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
]);
const Send = icon('send', [
  'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z',
  'm21.854 2.147-10.94 10.939',
]);
const Activity = icon('activity', [
  'M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2',
]);
const CircleUser = icon('circle-user-round', ['M18 20a6 6 0 0 0-12 0', ['circle', { cx: '12', cy: '10', r: '4' }], ['circle', { cx: '12', cy: '12', r: '10' }]]);

interface Tab {
  to: string;
  label: string;
  Icon: ShellIcon;
  /** Other pages that belong to this tab (it stays marked there). */
  also?: RegExp;
}

const TABS: Tab[] = [
  { to: '/user/dashboard', label: msg('Home'), Icon: House },
  { to: '/video', label: msg('Videos'), Icon: Video, also: /^\/video(\/|$)/ },
  { to: '/user/transfer', label: msg('Send'), Icon: Send },
  { to: '/user/statement', label: msg('Activity'), Icon: Activity, also: /^\/user\/history$/ },
  { to: '/user/profile', label: msg('Account'), Icon: CircleUser, also: /^\/user\/(security|notifications)$/ },
];

export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('Tabs')}
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/95"
    >
      {/* 63 px and the 1 px line above: the 4rem the root layout leaves free below the page. */}
      <ul className="mx-auto grid h-[63px] max-w-lg grid-cols-5">
        {TABS.map(({ to, label, Icon, also }) => {
          const active = pathname === to || (also?.test(pathname) ?? false);
          return (
            <li key={to} className="flex">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={`flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 border-t-2 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700 ${
                  active ? 'border-emerald-700 text-emerald-800 dark:border-emerald-300 dark:text-emerald-300' : 'border-transparent text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white'
                }`}
              >
                <Icon aria-hidden="true" className={`h-6 w-6 ${active ? 'stroke-[2.5]' : ''}`} />
                <span className="max-w-full truncate">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
