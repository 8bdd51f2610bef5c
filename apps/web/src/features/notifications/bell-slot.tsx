// The top bar's place for the bell. The bell, its queries and its live stream are a chunk of their own, loaded
// only when someone is signed in, so the first load of a public page for a visitor carries none of it.
import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useStoredAuth } from '../../lib/auth-storage';

const NotificationBell = lazyPage(() => import('./notification-bell'), 'NotificationBell', { messages: ['app'] });

export function NotificationBellSlot() {
  const { isLoggedIn } = useStoredAuth();
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-10 w-10" />}>
      <NotificationBell />
    </Suspense>
  );
}
