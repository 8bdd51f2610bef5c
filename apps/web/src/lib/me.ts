// GET /user/me: the query the session (session.ts, without TanStack Query) and its cache (session-cache.ts) share.
// Apart from both, so the shell's session.ts and the lazily loaded session-cache.ts import it without a cycle.
import { httpStatus, type ApiEnvelope } from './api-error';
import { clearAuth, storeAuth, type User } from './auth-storage';
import { currentLang, isLang, setLang } from './i18n';

export const meQueryKey = ['me'] as const;

export async function fetchMe(): Promise<User | null> {
  const { api } = await import('./api');
  try {
    const { data } = await api.get<ApiEnvelope & { user: User }>('/user/me');
    storeAuth(data.user);
    // The account's language wins over the device's (it was chosen on the account, maybe on another device).
    if (isLang(data.user.language) && data.user.language !== currentLang()) void setLang(data.user.language);
    return data.user;
  } catch (err) {
    if (httpStatus(err) === 401) {
      clearAuth();
      return null;
    }
    throw err;
  }
}

/** The /user/me query as the shell needs it. */
export interface MeSnapshot {
  data: User | null | undefined;
  isPending: boolean;
}
