// The client for the whole app, on fetch: base /api/v1, cookies sent, no timeout (docs/product.md#api), JSON in and
// out, and the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN (docs/product.md#security-rules). A non-2xx answer or a network
// failure rejects with an ApiError (api-error.ts). The shell imports this module lazily (first call).
import { ApiError, httpStatus } from './api-error';
import { getStoredAuth } from './auth-storage';
import { queryClient } from './query-client';

export { errorMessage, httpStatus, type ApiEnvelope } from './api-error';

export interface RequestOptions {
  /** Query string values; null and undefined are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string | undefined>;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

const BASE_URL = '/api/v1';

function cookie(name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : undefined;
}

function queryString(params: RequestOptions['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function request<T>(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  // The API answers its messages in the client's language (the account's saved one once signed in).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const xsrf = cookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;

  let res: Response;
  let text: string;
  try {
    res = await fetch(`${BASE_URL}${url}${queryString(options.params)}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch {
    throw new ApiError('Network Error', url);
  }
  let data: unknown = text;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
  }
  if (res.ok) return { data: data as T, status: res.status, headers: res.headers };

  const err = new ApiError(`Request failed with status code ${res.status}`, url, res.status, data);
  // A 401 on any other call means the session ended on the server (expiry, password reset, role
  // change): re-read /user/me, which clears the stored auth when it answers 401 too.
  if (httpStatus(err) === 401 && url !== '/user/me' && getStoredAuth().isLoggedIn) {
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  }
  throw err;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
};
