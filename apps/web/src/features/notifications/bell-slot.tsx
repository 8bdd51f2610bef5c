// The top bar's place for the bell. The bell, its queries and its live stream are a chunk of their own, loaded
// only when someone is signed in, so the first load of a public page for a visitor carries none of it; and only
// once the page has shown (lib/page-shown.ts), so its chunks, schemas, list call and stream do not compete with
// a signed-in page's first paint. A placeholder of the bell's size holds its place meanwhile (no layout shift).
import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useStoredAuth } from '../../lib/auth-storage';
import { usePageShown } from '../../lib/page-shown';

const NotificationBell = lazyPage(() => import('./notification-bell'), 'NotificationBell', { messages: ['app'] });

const placeholder = <span aria-hidden="true" className="inline-block h-10 w-10" />;

export function NotificationBellSlot() {
  const { isLoggedIn } = useStoredAuth();
  const shown = usePageShown();
  if (!isLoggedIn) return null;
  if (!shown) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  );
}
