// Who is logged in, as the server says. GET /user/me runs whenever local storage claims a login;
// a 401 clears the stored auth, so every guard and menu follows the server.
import { useQuery } from '@tanstack/react-query';
import { httpStatus, type ApiEnvelope } from './api-error';
import { clearAuth, storeAuth, useStoredAuth, type Role, type User } from './auth-storage';
import { queryClient } from './query-client';

export const meQueryKey = ['me'] as const;

export async function fetchMe(): Promise<User | null> {
  const { api } = await import('./api');
  try {
    const { data } = await api.get<ApiEnvelope & { user: User }>('/user/me');
    storeAuth(data.user);
    return data.user;
  } catch (err) {
    if (httpStatus(err) === 401) {
      clearAuth();
      return null;
    }
    throw err;
  }
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

export function useSession(): Session {
  const stored = useStoredAuth();
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, enabled: stored.isLoggedIn });
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

/** After login or registration: keep the user the server returned, without another round trip. */
export function startSession(user: User): void {
  storeAuth(user);
  queryClient.setQueryData(meQueryKey, user);
}

export function endSession(): void {
  clearAuth();
  queryClient.clear();
}

export function refreshMe(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}
