// CSRF (docs/product.md#security-rules, decision 010): an API request that is not GET/HEAD passes when the browser shows it comes from
// this site (Sec-Fetch-Site: same-origin; without that header, Origin equal to APP_URL's origin) or when it
// echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN (double submit: scripts and curl). A browser that says the
// request is cross-site or same-site, or names another Origin, is refused whatever else it carries.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { isApiRequest } from '../http/api-route.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const CSRF_MESSAGE = 'Invalid or missing CSRF token. Reload the page and try again.';
export const CROSS_SITE_MESSAGE = 'Requests from other sites are not accepted';

/** Gives a browser without one its XSRF-TOKEN cookie (API responses and the web app's HTML pages). */
export function issueXsrfCookie(req: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (req.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

/** What the browser's own headers say about where a request comes from. */
export function requestSite(
  headers: FastifyRequest['headers'],
  appOrigin: string,
  addressedOrigin: string,
): 'this-site' | 'foreign' | 'unknown' {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  // Another origin than the public one (APP_URL) and than the one the request was sent to: some other page.
  // `Origin: null` (a sandboxed or opaque page) is foreign too.
  if (origin !== undefined && origin !== appOrigin && origin !== addressedOrigin) return 'foreign';
  if (site === 'cross-site' || site === 'same-site') return 'foreign';
  if (site === 'same-origin') return 'this-site';
  if (site === undefined && origin === appOrigin) return 'this-site';
  return 'unknown'; // no headers (scripts, curl, old browsers) or Sec-Fetch-Site: none (typed by the user)
}

export default fp(
  async (app, opts: { secure: boolean; appUrl: string }) => {
    const appOrigin = new URL(opts.appUrl).origin;
    app.addHook('onRequest', async (req, reply) => {
      if (!isApiRequest(req)) return;
      issueXsrfCookie(req, reply, opts.secure);
      if (SAFE.has(req.method)) return;
      // A route whose only credential is a signed token in its URL (an e-mail's one-click unsubscribe, which a mail
      // client POSTs from no page): no session is used, so there is nothing for another site to ride on.
      if ((req.routeOptions.config as { signedLink?: boolean } | undefined)?.signedLink) return;
      const site = requestSite(req.headers, appOrigin, `${req.protocol}://${req.host}`);
      // OPTIONS is only ever a CORS preflight here, which is never granted: a foreign one is refused outright.
      if (site === 'foreign') throw new AppError(403, CROSS_SITE_MESSAGE);
      if (site === 'this-site' || req.method === 'OPTIONS') return;
      const cookie = req.cookies[XSRF_COOKIE];
      const header = req.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new AppError(403, CSRF_MESSAGE);
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
