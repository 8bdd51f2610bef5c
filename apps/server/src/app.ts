import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isLanguage, languageFromAcceptLanguage } from '@app/contract';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { Clock } from './clock.js';
import { AppError, DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, pgCode, unauthorized } from './errors.js';
import sessionPlugin, { sessionCookieName } from './plugins/session.js';
import { deferredSessionHash, settleSession } from './http/deferred-session.js';
import i18nPlugin, { localise } from './i18n.js';
import { startHousekeeping, type Housekeeping } from './services/housekeeping.js';
import { startChainPoller, type ChainPoller } from './modules/chain-deposits/poller.js';
import { startEmailWorker, type EmailWorker } from './modules/notifications/email-queue.js';
import csrfPlugin, { issueXsrfCookie } from './plugins/csrf.js';
import { isApiRequest } from './http/api-route.js';
import securityHeaders from './plugins/security-headers.js';
import { countRequests, metricsRoute } from './plugins/metrics.js';
import { chainSettings } from './modules/chain-deposits/chain-settings.js';
import { apiModules } from './modules/routes.js';
import { routePreloader } from './web-preload.js';
import { loggerOptions, redactUrl } from './logging.js';
import { openSettingsStore, type SettingsStore } from './modules/settings/settings.store.js';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger?: boolean | object;
  /** How often housekeeping runs (plugins/housekeeping.ts); tests make it short. */
  housekeepingEveryMs?: number;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, as method + URL (HEAD twins of GET routes left out); tests check guards against it. */
    routeTable: { method: string; url: string }[];
    /** The pruning schedule, started when the app is ready (null before that). */
    housekeeping: Housekeeping | null;
    /** The chain deposits poller's timer, started when the app is ready (null before that). */
    chainPoller: ChainPoller | null;
    /** This instance's notification e-mail workers (decision 014), started when the app is ready. */
    emailWorker: EmailWorker | null;
    /** The platform settings the super admin edits (settings/store.ts): the one way features read them. */
    settings: SettingsStore;
    /** A request arrived through a proxy (X-Forwarded-For) while TRUST_PROXY is unset: the go-live checklist says so. */
    proxiedRequestSeen: boolean;
  }
}

export const BODY_LIMIT = 100 * 1024;

/**
 * Errors Node's HTTP parser raises before a request reaches Fastify (headers or URL over 16 kB, garbage
 * on the wire): answered in the API's own shape, `{ success:false, message }`, like every other error.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? 'Request headers or URL are too large' : status === 408 ? 'Request timed out' : 'Malformed HTTP request';
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * One info line per request, written when it completes (method, URL, status, time), instead of Fastify's two
 * ("incoming request" with the request object, "request completed"): half the log work on every request at
 * the production level. A request that fails is still logged by Fastify's default (the error, at error level).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (error || this.isLogDisabled(req)) return super.requestCompleted(error, req, reply, metadata);
    req.log.info(
      // redactUrl: reset tokens and e-mails in the URL are not logged (logging.ts).
      { method: req.method, url: redactUrl(req.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  }
}

function trustProxy(value: string): boolean | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count, or addresses / CIDR ranges separated by commas.
  return /^\d+$/.test(value) ? (Number(value) as unknown as string) : value;
}

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    // Serializers that keep reset tokens, e-mails and query parameters out of the log (logging.ts).
    logger: loggerOptions(deps.logger, config.LOG_LEVEL),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxy(config.TRUST_PROXY),
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    logController: new OneLinePerRequest(),
    // Errors the router raises before any route runs (bad URL encoding, a path parameter over 100 characters):
    // answered in the API's JSON shape like every other error, not Fastify's default body.
    frameworkErrors: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
      const message = tooLong ? 'A part of the address is too long' : status === 400 ? 'The address is not valid' : 'Something went wrong';
      // Answered before any hook runs: the message is put in the request's language here (i18n.ts).
      return reply.status(status).send({ success: false, message: localise(req, message) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.decorate('proxiedRequestSeen', false);
  // Behind a proxy without TRUST_PROXY, every client has the proxy's address: 100 failed logins from anyone
  // would then refuse everyone's logins for 15 minutes. Say so once, when the first proxied request arrives.
  if (trustProxy(config.TRUST_PROXY) === false) {
    let warned = false;
    app.addHook('onRequest', (req, _reply, done) => {
      if (!warned && req.headers['x-forwarded-for'] !== undefined) {
        warned = true;
        app.proxiedRequestSeen = true;
        req.log.warn('requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: throttling sees every client as the proxy. Set TRUST_PROXY (README, Configuration).');
      }
      done();
    });
  }
  const settings = await openSettingsStore(deps.db, config, app.log);
  app.decorate('settings', settings);
  app.addHook('onClose', () => settings.close());
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  // Bodies are JSON only (docs/product.md#api-conventions): without the default text/plain parser, anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    // A deferred session (`deferSession` routes) refused before its route read it (a body that does not parse or
    // validate): settled now, so an invalid one is answered 401 as on every other route, and a valid one's saved
    // language says the error's.
    if (deferredSessionHash(req) !== undefined) {
      try {
        await settleSession(req);
        if (!req.user) error = unauthorized() as FastifyError;
      } catch (e) {
        error = e as FastifyError; // the lookup's own failure (the database gone: 503 below)
      }
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ success: false, message: first?.message ?? 'Invalid request' });
    }
    // PostgreSQL refuses text it cannot store (a NUL character, \u0000, in any string field): the caller's fault.
    if (pgCode(error) === '22021' || pgCode(error) === '22P05') {
      return reply.status(400).send({ success: false, message: 'Text fields must not contain NUL (\\u0000) characters' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'Request body is too large'
          : status === 415
            ? 'Content-Type must be application/json'
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? 'Malformed JSON body'
              : error.message;
      return reply.status(status).send({ success: false, message });
    }
    // The database went away (a failover, a restart) or reached a standby: a 503 the client retries, never a 500.
    // The pool has already dropped the dead connection (db/client.ts); the next request gets a new one.
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error, reqId: req.id }, 'database unavailable; answered 503');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err: error, reqId: req.id }, 'unhandled error');
    return reply.status(500).send({ success: false, message: `Something went wrong (request ${req.id})` });
  });

  // Every request counted for GET /metrics (first, so every route is).
  await app.register(countRequests);
  await app.register(cookie);
  await app.register(securityHeaders, { secure: config.secure });
  await app.register(csrfPlugin, { secure: config.secure, appUrl: config.APP_URL });
  await app.register(sessionPlugin, { db: deps.db, clock: deps.clock, secure: config.secure });
  // Every answer's `message` in the request's language: the user's, else Accept-Language, else English.
  await app.register(i18nPlugin);
  // Expired sessions, old idempotency keys, used/expired reset links: pruned on a schedule by every instance.
  app.decorate('housekeeping', null);
  app.addHook('onReady', async () => {
    app.housekeeping = startHousekeeping(deps.db, deps.clock, app.log, deps.housekeepingEveryMs);
  });
  app.addHook('onClose', async () => app.housekeeping?.stop());
  // Deposits confirmed on the Tron chain: every instance runs the timer, one at a time polls (chain-deposits/poller.ts).
  app.decorate('chainPoller', null);
  app.addHook('onReady', async () => {
    app.chainPoller = startChainPoller(deps.db, settings, deps.clock, app.log);
  });
  app.addHook('onClose', async () => app.chainPoller?.stop());
  // Notification e-mails: every instance runs workers on the queue in PostgreSQL (modules/notifications/email-queue.ts).
  app.decorate('emailWorker', null);
  app.addHook('onReady', async () => {
    app.emailWorker = await startEmailWorker({
      db: deps.db,
      mailer: deps.mailer,
      appUrl: config.APP_URL,
      log: app.log,
      ratePerSecond: () => app.settings.get('emailRateLimit'),
    });
  });
  app.addHook('onClose', async () => app.emailWorker?.stop());

  await app.register(swagger, {
    openapi: {
      info: { title: 'USDT Points platform API', version: '1.0.0', description: 'Every route of /api/v1. State-changing calls need the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie, unless a browser sends them from this site (Sec-Fetch-Site: same-origin, or Origin equal to APP_URL); cross-site requests are refused.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config.secure) } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' }); // helmet's CSP covers it (frame-ancestors 'none')
  // Prometheus metrics, for the addresses of METRICS_ALLOW or the bearer of METRICS_TOKEN (docs/operations.md#metrics).
  await app.register(metricsRoute, {
    db: deps.db,
    allow: config.METRICS_ALLOW,
    token: config.METRICS_TOKEN,
    chainPollerOn: () => chainSettings(settings) !== null,
  });

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api/v1' },
  );

  // apps/server/src (tests) and apps/server/dist (bundle) both sit two levels below apps/.
  const webDist = config.WEB_DIST || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The web build writes .br and .gz beside each text asset: served when the browser accepts them.
      preCompressed: true,
      // Files under /assets/ have a content hash in their name: they never change, so browsers keep them a year.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(webDist, 'assets') + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const preloadFor = hasWeb ? routePreloader(webDist) : () => undefined;
  app.setNotFoundHandler((req, reply) => {
    if (isApiRequest(req) || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    }
    // The web app routes every other path itself (its own 404 page included).
    // cacheControl: false, or @fastify/static would replace no-cache with the assets' max-age (1 h) and browsers
    // would keep an index.html that names assets a new deploy has removed.
    // The page's catalogs are hinted in the reader's language: the one the client saved (its `lang` cookie,
    // lib/i18n.ts), else the browser's (Accept-Language), as the client itself picks it.
    const saved = req.cookies.lang;
    const link = preloadFor(req.url, isLanguage(saved) ? saved : languageFromAcceptLanguage(req.headers['accept-language']));
    if (link) reply.header('link', link).header('vary', 'Accept-Language, Cookie');
    // The page gets its XSRF-TOKEN cookie too, so a client's very first API call can already echo it.
    issueXsrfCookie(req, reply, config.secure);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });

  return app;
}
