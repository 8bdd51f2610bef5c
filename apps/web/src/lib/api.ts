// One axios instance for the whole client: base /api/v1, cookies sent, no timeout (spec §7),
// and the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN on same-origin requests (DESIGN §4).
// The shell imports this module lazily (first call), so `/` paints without axios.
import axios from 'axios';
import { httpStatus } from './api-error';
import { getStoredAuth } from './auth-storage';
import { queryClient } from './query-client';

export { errorMessage, httpStatus, type ApiEnvelope } from './api-error';

export const api = axios.create({
  baseURL: '/api/v1',
  withCredentials: true,
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { Accept: 'application/json' },
});

// A 401 on any other call means the session ended on the server (expiry, password reset, role
// change): re-read /user/me, which clears the stored auth when it answers 401 too.
api.interceptors.response.use(undefined, (err: unknown) => {
  const url = (err as { config?: { url?: string } }).config?.url ?? '';
  if (httpStatus(err) === 401 && url !== '/user/me' && getStoredAuth().isLoggedIn) {
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  }
  return Promise.reject(err);
});
