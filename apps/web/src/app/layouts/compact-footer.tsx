// An app page's footer (footer.tsx chooses it for the signed-in areas): the full footer's links and contacts on one
// or two lines. In the signed-in pages' chunk (vite.config.ts SIGNED_IN_SHELL).
import { telHref, useAppConfig } from '../../lib/config';
import { t } from '../../lib/i18n';
import { linkClass, QuickLinkItems } from './quick-links';

/** An app page's footer: the same links and contacts on one or two lines, so the work keeps the screen. */
export function CompactFooter({ year }: { year: number }) {
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
