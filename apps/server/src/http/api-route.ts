// Whether a request is an API request, for the CSRF check and `Cache-Control: no-store` (docs/product.md#security-rules). Decided from
// the route the router matched, never from the raw URL: the router decodes `/%61pi/v1/…` and strips the scheme
// and host of an absolute-form target (`POST http://host/api/v1/…`), so a raw-URL prefix test misses them.
import type { FastifyRequest } from 'fastify';

const API_ROOT = 'api';

/**
 * The path a request names once every encoding is undone: the scheme and authority of an absolute-form target
 * dropped, the query and fragment cut, percent-escapes decoded until nothing changes (so `%2561` is `a` and
 * `%2F` a slash), backslashes read as slashes, empty and `.` segments dropped, `..` applied. Linear in the
 * length of the URL (no regex that can backtrack on a long run of one character).
 */
export function normalisedPathSegments(rawUrl: string): string[] {
  let p = rawUrl;
  const scheme = p.indexOf('://');
  if (scheme > 0 && /^[a-z][a-z0-9+.-]*$/i.test(p.slice(0, scheme))) {
    const pathStart = p.indexOf('/', scheme + 3);
    p = pathStart === -1 ? '/' : p.slice(pathStart);
  }
  for (const cut of ['?', '#']) {
    const i = p.indexOf(cut);
    if (i !== -1) p = p.slice(0, i);
  }
  for (let round = 0; round < 8 && p.includes('%'); round++) {
    const decoded = p.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === p) break;
    p = decoded;
  }
  const segments: string[] = [];
  for (const segment of p.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/**
 * True for a request that reaches, or would reach, the API (`/api/…`: /api/v1 and /api/docs). A matched route
 * decides by its own URL pattern; an unmatched request (it can only get the not-found answer) by its
 * normalised path, case-insensitively, so even odd spellings get the API's 403 and `no-store`.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route !== undefined) return route === `/${API_ROOT}` || route.startsWith(`/${API_ROOT}/`);
  return normalisedPathSegments(req.url)[0]?.toLowerCase() === API_ROOT;
}
