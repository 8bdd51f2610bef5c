// The top bar's place for the bell. The bell, its queries and its live stream are a chunk of their own, loaded
// only when someone is signed in, so the first load of a public page for a visitor carries none of it.
// It loads once the page under the top bar has shown (markPageShown, called by the root layout when its
// Suspense boundary has committed the page) and the main thread is idle: the bell's chunks, schemas, list call
// and stream do not compete with a signed-in page's first paint (issue 19: Lighthouse on /user/dashboard).
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useStoredAuth } from '../../lib/auth-storage';

const NotificationBell = lazyPage(() => import('./notification-bell'), 'NotificationBell');

let pageShown = false;
const listeners = new Set<() => void>();

/** The first page has been committed to the screen (root layout); later calls do nothing. */
export function markPageShown(): void {
  if (pageShown) return;
  pageShown = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the page has shown and the browser has had an idle moment (at most a second later). */
function useBellWanted(): boolean {
  const shown = useSyncExternalStore(subscribe, () => pageShown);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!shown || idle) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(id);
  }, [shown, idle]);
  return idle;
}

const placeholder = <span aria-hidden="true" className="inline-block h-10 w-10" />;

export function NotificationBellSlot() {
  const { isLoggedIn } = useStoredAuth();
  const wanted = useBellWanted();
  if (!isLoggedIn) return null;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  );
}
