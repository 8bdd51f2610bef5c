import { Link, useLocation } from 'react-router';
import { telHref, useAppConfig } from '../../lib/config';
import { msg, t } from '../../lib/i18n';

const QUICK_LINKS = [
  { to: '/contact', label: msg('Contact') },
  { to: '/allpackage', label: msg('Packages') },
  { to: '/blog', label: msg('Blog') },
  { to: '/about', label: msg('About Us') },
];

/** The signed-in areas (the wallet, videos, the admin desks): pages people work in, not pages that sell. */
const APP_PAGE = /^\/(user|video|admin|allusers|adminvideo)(\/|$)/;

const linkClass = 'text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300';

/** An app page's footer: the same links and contacts on one or two lines, so the work keeps the screen. */
function CompactFooter({ year }: { year: number }) {
  const config = useAppConfig();
  return (
    <footer data-testid="compact-footer" className="border-t border-slate-200 bg-slate-50 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
        <nav aria-label={t('Quick links')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <QuickLinkItems />
          </ul>
        </nav>
        <a href={`mailto:${config.supportEmail}`} dir="ltr" className={linkClass}>
          {config.supportEmail}
        </a>
        <a href={telHref(config.supportPhone)} dir="ltr" className={linkClass}>
          {config.supportPhone}
        </a>
        <span>{t('© {year} USDT Points. All rights reserved.', { year })}</span>
      </div>
    </footer>
  );
}

export function Footer() {
  const config = useAppConfig();
  const { pathname } = useLocation();
  const year = new Date().getFullYear();
  if (APP_PAGE.test(pathname)) return <CompactFooter year={year} />;
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="text-base font-semibold">
            {/* i18n-ignore */}
            USDT Points
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t(
              'We are making cryptocurrency accessible: a simple points balance in USDT, clear deposits and withdrawals, and plain explanations of the risks.',
            )}
          </p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-base font-semibold">
            {t('Quick links')}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            <QuickLinkItems />
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-base font-semibold">
            {t('About Us')}
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t(
              'A small team building honest tools for people who hold USDT. We never promise returns: crypto prices move fast and you can lose money.',
            )}
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold">
            {t('Contact')}
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            <li>
              {t('E-mail:')}{' '}
              <a href={`mailto:${config.supportEmail}`} dir="ltr" className="text-emerald-800 underline dark:text-emerald-300">
                {config.supportEmail}
              </a>
            </li>
            <li>
              {t('Phone:')}{' '}
              <a href={telHref(config.supportPhone)} dir="ltr" className="text-emerald-800 underline dark:text-emerald-300">
                {config.supportPhone}
              </a>
            </li>
            <li>{t('Location: United Arab Emirates')}</li>
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        {t('© {year} USDT Points. All rights reserved.', { year })}
      </p>
    </footer>
  );
}

/** The spec's quick links, one list item each: the compact footer's line and the full footer's column. */
function QuickLinkItems() {
  return QUICK_LINKS.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={linkClass}>
        {t(link.label)}
      </Link>
    </li>
  ));
}
