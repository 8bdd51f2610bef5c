// The e-mail of one notification (docs/product.md#notifications): the same title and body as the centre shows, as plain text and as
// HTML (everything from the notification or the user escaped), with the platform's name, a link to APP_URL and,
// for every category but security, an unsubscribe link and the List-Unsubscribe headers of RFC 2369 and 8058.
// In the recipient's language (users.language at send time); an Arabic e-mail is right-to-left
// (`<html lang="ar" dir="rtl">`); the English one is exactly what it was.
import {
  ALWAYS_ON_CATEGORIES,
  NOTIFICATION_KIND_CATEGORY,
  PLATFORM_NAME,
  oneLineDisplay,
  type NotificationCategory,
  type NotificationKind,
  type NotificationLanguage,
} from '@app/contract';
import type { MailMessage } from '../../mail/mailer.js';

/** The web app's security page (apps/web: area-routes.tsx). */
export const SECURITY_PAGE_PATH = '/user/security';

export const CATEGORY_LABEL: Record<NotificationCategory, string> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  transfers: 'transfers',
  subscription: 'your subscription',
  referrals: 'referral earnings',
  points: 'points added or removed by an administrator',
  security: 'the security of your account',
  announcements: 'announcements',
  support: 'your support tickets',
};

/** The same labels in Arabic (the footer's "e-mails about …"). */
export const CATEGORY_LABEL_AR: Record<NotificationCategory, string> = {
  deposits: 'الإيداعات',
  withdrawals: 'السحوبات',
  transfers: 'التحويلات',
  subscription: 'اشتراكك',
  referrals: 'أرباح الإحالة',
  points: 'النقاط التي يضيفها المسؤول أو يخصمها',
  security: 'أمان حسابك',
  announcements: 'الإعلانات',
  support: 'تذاكر الدعم الخاصة بك',
};

/** The words around a notification in its e-mail, per language. */
interface EmailChrome {
  lang: NotificationLanguage;
  /** Attributes of <html>. */
  htmlAttrs: string;
  /** Extra style of <body> (the text direction of an Arabic e-mail, for clients that drop the <html> attributes). */
  bodyStyle: string;
  hello: (name: string) => string;
  seeAll: string;
  seeAllText: (url: string) => string;
  /** Security e-mails: the security page, where the owner ends sessions and removes passkeys. */
  review: string;
  reviewText: (url: string) => string;
  securityAlwaysOn: string;
  why: (label: string) => string;
  stop: string;
  stopText: (url: string) => string;
  choose: string;
  chooseText: (url: string) => string;
}

const FSI = '\u2068';
const PDI = '\u2069';

export const EMAIL_CHROME: Record<NotificationLanguage, EmailChrome> = {
  en: {
    lang: 'en',
    htmlAttrs: 'lang="en"',
    bodyStyle: '',
    hello: (name) => `Hello ${name},`,
    seeAll: 'See all your notifications',
    seeAllText: (url) => `See all your notifications: ${url}`,
    review: 'Review your passkeys, two-factor sign-in and sessions',
    reviewText: (url) => `Review your passkeys, two-factor sign-in and sessions: ${url}`,
    securityAlwaysOn: `Security e-mails cannot be turned off: they tell you when someone else may be using your account.`,
    why: (label) => `You receive this e-mail because e-mails about ${label} are on for your account.`,
    stop: 'Stop these e-mails',
    stopText: (url) => `Stop these e-mails: ${url}`,
    choose: 'Choose your e-mails',
    chooseText: (url) => `Choose your e-mails: ${url}`,
  },
  ar: {
    lang: 'ar',
    htmlAttrs: 'lang="ar" dir="rtl"',
    bodyStyle: ' direction: rtl; text-align: right;',
    // The name is the user's own text: isolated, so a Latin name cannot reorder the Arabic greeting.
    hello: (name) => `مرحبًا ${FSI}${name}${PDI}،`,
    seeAll: 'عرض جميع إشعاراتك',
    seeAllText: (url) => `عرض جميع إشعاراتك: ${url}`,
    review: 'راجع مفاتيح المرور والتحقق بخطوتين وجلساتك',
    reviewText: (url) => `راجع مفاتيح المرور والتحقق بخطوتين وجلساتك: ${url}`,
    securityAlwaysOn: 'لا يمكن إيقاف رسائل الأمان: فهي تنبّهك عندما قد يستخدم شخص آخر حسابك.',
    why: (label) => `تصلك هذه الرسالة لأن رسائل البريد الإلكتروني عن ${label} مفعّلة في حسابك.`,
    stop: 'إيقاف هذه الرسائل',
    stopText: (url) => `إيقاف هذه الرسائل: ${url}`,
    choose: 'اختيار رسائلك',
    chooseText: (url) => `اختيار رسائلك: ${url}`,
  },
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** The category of a notification's kind (an unknown kind, from a newer release, counts as an announcement). */
export const categoryOf = (kind: string): NotificationCategory => NOTIFICATION_KIND_CATEGORY[kind as NotificationKind] ?? 'announcements';

export interface NotificationEmailInput {
  to: string;
  fullName: string;
  kind: string;
  title: string;
  body: string;
  /** The notification's public id: the Message-ID is `<publicId@host of APP_URL>`. */
  publicId: string;
  appUrl: string;
  /** The signed unsubscribe URL of the category (unsubscribe.ts); null for security, which cannot be turned off. */
  unsubscribeUrl: string | null;
  /** The recipient's language ('en' when left out); `title` and `body` are already in it. */
  lang?: NotificationLanguage;
}

export function notificationEmail(n: NotificationEmailInput): MailMessage {
  const t = EMAIL_CHROME[n.lang ?? 'en'];
  // The recipient's name and the subject as one line: a name stored before names were refused CR/LF and
  // bidi controls adds no line to the greeting and reorders nothing; the title is the Subject header.
  const name = oneLineDisplay(n.fullName);
  const title = oneLineDisplay(n.title);
  const category = categoryOf(n.kind);
  const alwaysOn = ALWAYS_ON_CATEGORIES.includes(category);
  const centre = `${n.appUrl}/user/notifications`;
  /** Security e-mails link the security page (APP_URL + SECURITY_PAGE_PATH), where a stranger's change is undone. */
  const securityPage = category === 'security' ? `${n.appUrl}${SECURITY_PAGE_PATH}` : null;
  const why = alwaysOn ? t.securityAlwaysOn : t.why((t.lang === 'ar' ? CATEGORY_LABEL_AR : CATEGORY_LABEL)[category]);
  const text = [
    t.hello(name),
    '',
    n.body,
    '',
    ...(securityPage ? [t.reviewText(securityPage), ''] : []),
    t.seeAllText(centre),
    '',
    `${PLATFORM_NAME} (${n.appUrl})`,
    why,
    n.unsubscribeUrl ? t.stopText(n.unsubscribeUrl) : t.chooseText(centre),
    '',
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html ${t.htmlAttrs}><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    `<body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5;${t.bodyStyle}">`,
    `<p style="font-weight: bold; font-size: 18px;">${escapeHtml(PLATFORM_NAME)}</p>`,
    `<h1 style="font-size: 20px;">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(t.hello(name))}</p>`,
    `<p style="white-space: pre-line;">${escapeHtml(n.body)}</p>`,
    ...(securityPage ? [`<p>${link(securityPage, t.review)}</p>`] : []),
    `<p>${link(centre, t.seeAll)}</p>`,
    '<hr>',
    `<p style="font-size: 12px; color: #4b5563;">${link(n.appUrl, PLATFORM_NAME)}. ${escapeHtml(why)} ${
      n.unsubscribeUrl ? link(n.unsubscribeUrl, t.stop) : link(centre, t.choose)
    }</p>`,
    '</body></html>',
    '',
  ].join('\n');
  const headers: Record<string, string> = {};
  if (n.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${n.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { to: n.to, subject: title, text, html, headers, messageId: `<${n.publicId}@${new URL(n.appUrl).hostname}>` };
}
