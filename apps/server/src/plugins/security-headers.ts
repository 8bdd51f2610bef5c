// Response headers for every kind of response (API, web, docs, errors).
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Exactly the origins the video player needs: YouTube's privacy-enhanced embed (frame-src, nothing else may be
 * framed, not even 'self') and its thumbnails (img-src beside 'self' and data:). Checked by videos.test.ts.
 */
export const PLAYER_FRAME_ORIGINS = ['https://www.youtube-nocookie.com'];
export const THUMBNAIL_ORIGINS = ['https://i.ytimg.com'];

export default fp(
  async (app, opts: { secure: boolean }) => {
    await app.register(helmet, {
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
    });
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
