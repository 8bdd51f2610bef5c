// Response headers for every kind of response (API, web, docs, errors).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { isApiRequest } from '../http/api-route.js';

/**
 * Exactly the origins the video player needs: YouTube's privacy-enhanced embed (frame-src, nothing else may be
 * framed, not even 'self') and its thumbnails (img-src beside 'self' and data:). Checked by videos.test.ts.
 */
export const PLAYER_FRAME_ORIGINS = ['https://www.youtube-nocookie.com'];
export const THUMBNAIL_ORIGINS = ['https://i.ytimg.com'];

export default fp(
  async (app, opts: { secure: boolean }) => {
    const options: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', ...THUMBNAIL_ORIGINS],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: PLAYER_FRAME_ORIGINS,
          // Direct video files (<video src>) may live on any https host an admin links to; no http:, no blob:,
          // no data:. An http file link plays only where upgrade-insecure-requests (secure mode) can lift it.
          mediaSrc: ["'self'", 'https:'],
          ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: opts.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    };
    // The headers depend only on these options (no nonces), so helmet runs once, at start-up, and every
    // response gets the same set: no per-request header building.
    const headers: Record<string, string> = {};
    const capture = {
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
      removeHeader: (name: string) => delete headers[name.toLowerCase()],
    };
    helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, () => {});
    if (!headers['content-security-policy']) throw new Error('helmet produced no Content-Security-Policy');
    app.addHook('onRequest', async (_req, reply) => {
      reply.headers(headers);
    });
    // Decided from the matched route (or the normalised path), not the raw URL: `/%61pi/v1/…` is an API response too.
    app.addHook('onSend', async (req, reply) => {
      if (isApiRequest(req)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
