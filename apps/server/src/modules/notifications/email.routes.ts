// Notification e-mail routes (docs/product.md#notifications): the caller's e-mail preferences, the unsubscribe link of every e-mail
// (GET from the link, POST from a mail client's one-click button, RFC 8058) and the admins' announcements.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MSG,
  PLATFORM_NAME,
  notificationLanguage,
  type Language,
  type NotificationCategory,
  announcementBody,
  announcementResponse,
  announcementsQuery,
  announcementsResponse,
  preferencesBody,
  preferencesResponse,
} from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { requestLanguage } from '../../i18n.js';
import { sql } from 'drizzle-orm';
import { CATEGORY_LABEL, CATEGORY_LABEL_AR, escapeHtml } from './email.js';
import { emailPreferences, setEmailPreferences } from './email-settings.js';
import { readUnsubscribeToken, unsubscribeKey } from './unsubscribe.js';
import { createAnnouncement, listAnnouncements } from './announcements.service.js';

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Choose your e-mails on your notifications page instead.';
const unsubscribed = (label: string) => `You will no longer receive e-mails about ${label}. You can turn them on again on your notifications page.`;

/**
 * What an e-mail's unsubscribe link answers, as a page or as the JSON `message`: in the language of the
 * user the link names (the e-mail's recipient, whatever the browser or mail client asks), or of the request when the
 * link is not valid. English is exactly the API's English.
 */
const UNSUBSCRIBE_PAGE: Record<Language, { attrs: string; done: string; invalidTitle: string; invalidHeading: string; invalid: string; open: string; unsubscribed: (c: NotificationCategory) => string }> = {
  en: {
    attrs: 'lang="en"',
    done: 'Unsubscribed',
    invalidTitle: 'Invalid link',
    invalidHeading: 'This link is not valid',
    invalid: UNSUBSCRIBE_INVALID,
    open: 'Open your notifications page',
    unsubscribed: (c) => unsubscribed(CATEGORY_LABEL[c]),
  },
  ar: {
    attrs: 'lang="ar" dir="rtl"',
    done: 'تم إلغاء الاشتراك',
    invalidTitle: 'رابط غير صالح',
    invalidHeading: 'هذا الرابط غير صالح',
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح. اختر رسائلك من صفحة الإشعارات بدلًا من ذلك.',
    open: 'افتح صفحة الإشعارات',
    unsubscribed: (c) => `لن تصلك بعد الآن رسائل البريد الإلكتروني عن ${CATEGORY_LABEL_AR[c]}. يمكنك إعادة تفعيلها من صفحة الإشعارات.`,
  },
};

export const unsubscribeQuery = z.object({ token: z.string().max(400).optional() });
const unsubscribeResponse = z.object({ success: z.boolean(), message: z.string() });

export const notificationEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const { config } = app.deps;
  const tags = ['notifications'];

  app.get(
    '/notifications/preferences',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s e-mail preferences per category (security is always on)', response: { 200: preferencesResponse } } },
    async (req) => ({ success: true, message: NOTIFICATION_MSG.preferences, preferences: await emailPreferences(db, currentUser(req).id) }),
  );

  app.put(
    '/notifications/preferences',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turn e-mail categories on or off (any subset); security cannot be turned off (400)',
        body: preferencesBody,
        response: { 200: preferencesResponse },
      },
    },
    async (req) => ({ success: true, message: NOTIFICATION_MSG.preferencesSaved, preferences: await setEmailPreferences(db, currentUser(req).id, req.body.preferences) }),
  );

  /** Turns the token's category off (idempotent); null for a token we did not sign. */
  const unsubscribe = async (token: string | undefined): Promise<{ category: NotificationCategory; lang: Language } | null> => {
    const named = token ? readUnsubscribeToken(await unsubscribeKey(db), token) : null;
    if (!named) return null;
    await setEmailPreferences(db, named.userId, { [named.category]: false });
    const { rows } = await db.execute<{ language: string }>(sql`select language from users where id = ${named.userId}`);
    return { category: named.category, lang: notificationLanguage(rows[0]?.language) };
  };
  /** The answer's text: the unsubscribed category in its user's language, or "not valid" in the request's. */
  const answerText = (req: FastifyRequest, done: { category: NotificationCategory; lang: Language } | null) =>
    done ? UNSUBSCRIBE_PAGE[done.lang].unsubscribed(done.category) : UNSUBSCRIBE_PAGE[requestLanguage(req)].invalid;

  // The link in the e-mail: a browser (Accept: text/html) gets a page, anything else the API's JSON.
  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Follow an e-mail’s unsubscribe link: turns that category’s e-mail off (idempotent); a link not signed by this platform → 400',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse, 400: unsubscribeResponse },
      },
    },
    async (req, reply) => {
      const done = await unsubscribe(req.query.token);
      const status = done ? 200 : 400;
      const text = answerText(req, done);
      if (/\btext\/html\b/.test(req.headers.accept ?? '')) {
        const centre = `${config.APP_URL}/user/notifications`;
        const t = UNSUBSCRIBE_PAGE[done?.lang ?? requestLanguage(req)];
        return reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            `<!doctype html><html ${t.attrs}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
              `<title>${escapeHtml(done ? t.done : t.invalidTitle)} · ${escapeHtml(PLATFORM_NAME)}</title></head><body>` +
              `<main><h1>${escapeHtml(done ? t.done : t.invalidHeading)}</h1><p>${escapeHtml(text)}</p>` +
              `<p><a href="${escapeHtml(centre)}">${escapeHtml(t.open)}</a></p></main></body></html>` as never,
          );
      }
      return reply.status(status).send({ success: status === 200, message: text });
    },
  );

  // One-click unsubscribe (RFC 8058): the mail client POSTs "List-Unsubscribe=One-Click" as a form to the URL of
  // the List-Unsubscribe header, from no page and with no cookie: the signed token is the only credential, so
  // the CSRF check does not apply (plugins/csrf.ts, route config signedLink).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/notifications/unsubscribe',
      {
        config: { signedLink: true },
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058, List-Unsubscribe-Post) with the link’s token; idempotent; a token not signed here → 400',
          querystring: unsubscribeQuery,
          response: { 200: unsubscribeResponse, 400: unsubscribeResponse },
        },
      },
      async (req, reply) => {
        const done = await unsubscribe(req.query.token);
        const text = answerText(req, done);
        return reply.status(done ? 200 : 400).send({ success: !!done, message: text });
      },
    );
  });

  app.post(
    '/admin/announcements',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Send an announcement to all users, subscribers or admins (admins); in each centre within seconds, by e-mail when ticked; audited',
        body: announcementBody,
        response: { 201: announcementResponse },
      },
    },
    async (req, reply) => {
      const announcement = await createAnnouncement(db, currentUser(req).id, req.body);
      return reply.status(201).send({ success: true, message: NOTIFICATION_MSG.announcementSent(announcement.recipients), announcement });
    },
  );

  app.get(
    '/admin/announcements',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'The announcements sent, newest first (admins)', querystring: announcementsQuery, response: { 200: announcementsResponse } },
    },
    async (req) => ({ success: true, message: NOTIFICATION_MSG.announcements, ...(await listAnnouncements(db, req.query)), page: req.query.page }),
  );
};
