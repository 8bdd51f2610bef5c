// Double-submit CSRF check: the XSRF-TOKEN cookie (readable by the page) must come back in the
// X-XSRF-TOKEN header on every API request that is not GET/HEAD/OPTIONS. Cross-site pages can't read it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default fp(
  async (app, opts: { secure: boolean }) => {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/')) return;
      const cookie = req.cookies[XSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'lax',
          secure: opts.secure,
          httpOnly: false,
        });
      }
      if (SAFE.has(req.method)) return;
      const header = req.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError(403, 'Invalid or missing CSRF token. Reload the page and try again.');
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
