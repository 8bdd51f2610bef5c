import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { TopBar } from './top-bar';
import { SideMenu } from './side-menu';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import { markPageShown } from '../../lib/page-shown';
import { useStoredAuth } from '../../lib/auth-storage';
import { t } from '../../lib/i18n';

// The phone tab bar: its own chunk, loaded only for a stored login (a visitor's first load carries none of it).
const TabBar = lazy(async () => ({ default: (await import('./tab-bar')).TabBar }));

/** Rendered after the page inside the Suspense boundary: its effect runs once the page itself is on screen. */
function PageShown() {
  useEffect(markPageShown, []);
  return null;
}

// A page's chunk on its way: one skeleton block (docs/voice.md#loading), drawn here rather than with
// components/ui/skeleton.tsx because this is the first load of `/`, where every byte counts (its budget).
function PageLoading() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('Loading…')}
      className="mx-auto h-48 max-w-3xl animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-900"
    />
  );
}

export function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { isLoggedIn } = useStoredAuth();

  // The narrow-screen drawer: Escape closes it and gives focus back to the menu button.
  useEffect(() => {
    if (!menuOpen) return;
    document.querySelector<HTMLElement>('#side-menu a, #side-menu button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    // Signed in on a phone, the page ends the tab bar's height (and the safe area) above the bottom: the last
    // line of the footer is never under the bar.
    <div className={`flex min-h-screen flex-col ${isLoggedIn ? 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0' : ''}`}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2 dark:bg-emerald-400 dark:text-slate-950"
      >
        {t('Skip to content')}
      </a>
      <ScrollToTop />
      <TopBar menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((o) => !o)} menuButtonRef={menuButtonRef} />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {menuOpen && (
          <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden" onClick={closeMenu} />
        )}
        <SideMenu open={menuOpen} onClose={closeMenu} />
        {/* At least the viewport below the top bar (h-16): the footer starts below the fold, so a lazy page
            replacing the skeleton fallback does not push a visible footer down (layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] min-w-0 flex-1 px-4 py-8 focus:outline-none lg:px-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </main>
      </div>
      <Footer />
      {isLoggedIn && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
    </div>
  );
}
