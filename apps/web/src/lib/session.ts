// Who is logged in, as the server says. GET /user/me runs whenever local storage claims a login;
// a 401 clears the stored auth, so every guard and menu follows the server.
// The shell (menu, guards, home page) reads it without TanStack Query in the first load: the query
// cache is loaded only once a stored login asks for /user/me (session-cache.ts).
import { useCallback, useSyncExternalStore } from 'react';
import { useStoredAuth, type Role, type StoredAuth, type User } from './auth-storage';
import type { MeSnapshot } from './me';

const PENDING: MeSnapshot = { data: undefined, isPending: true };
type SessionCache = typeof import('./session-cache');
let cache: SessionCache | undefined;
let loading: Promise<SessionCache> | undefined;

function loadCache(): Promise<SessionCache> {
  loading ??= import('./session-cache').then((m) => (cache = m));
  return loading;
}

const readMe = (): MeSnapshot => cache?.meSnapshot() ?? PENDING;
const noSubscription = () => () => {};

/** Like useQuery({ queryKey: meQueryKey, queryFn: fetchMe, enabled }): one observer per component. */
function useMe(enabled: boolean): MeSnapshot {
  const subscribe = useCallback((onChange: () => void) => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void loadCache().then((m) => {
      if (cancelled) return;
      unsubscribe = m.observeMe(onChange);
      onChange(); // the cache may already hold an answer: read it now
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);
  return useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? readMe : () => PENDING);
}

export interface Session {
  isLoggedIn: boolean;
  user: User | null;
  role: Role | null;
  /** True until the server has answered /user/me once for a stored login. */
  isChecking: boolean;
  isAdmin: boolean;
  isSubscriber: boolean;
}

/** The session from the stored login and /user/me's answer; with no answer yet (`me` pending), the stored login alone. */
export function sessionOf(stored: StoredAuth, me: MeSnapshot = PENDING): Session {
  const user = stored.isLoggedIn ? (me.data ?? stored.data) : null;
  const role = stored.isLoggedIn ? (user?.role ?? stored.role) : null;
  return {
    isLoggedIn: stored.isLoggedIn,
    user,
    role,
    isChecking: stored.isLoggedIn && me.isPending,
    isAdmin: role === 'ADMIN' || role === 'SADMIN',
    isSubscriber: Boolean(user?.subscription),
  };
}

export function useSession(): Session {
  const stored = useStoredAuth();
  return sessionOf(stored, useMe(stored.isLoggedIn));
}
