import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { telHref, useAppConfig } from '../../lib/config';
import { t } from '../../lib/i18n';
import { QuickLinkItems } from './quick-links';

/** The signed-in areas (the wallet, videos, the admin desks): pages people work in, not pages that sell. */
const APP_PAGE = /^\/(user|video|admin|allusers|adminvideo)(\/|$)/;

// An app page's footer is in the signed-in pages' chunk (compact-footer.tsx), so `/` does not carry it.
const CompactFooter = lazy(async () => ({ default: (await import('./compact-footer')).CompactFooter }));

export function Footer() {
  const config = useAppConfig();
  const { pathname } = useLocation();
  const year = new Date().getFullYear();
  if (APP_PAGE.test(pathname)) {
    return (
      <Suspense fallback={null}>
        <CompactFooter year={year} />
      </Suspense>
    );
  }
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
