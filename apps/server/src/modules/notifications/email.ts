// The e-mail of one notification (issue 18): the same title and body as the centre shows, as plain text and as
// HTML (everything from the notification or the user escaped), with the platform's name, a link to APP_URL and,
// for every category but security, an unsubscribe link and the List-Unsubscribe headers of RFC 2369 and 8058.
import { ALWAYS_ON_CATEGORIES, NOTIFICATION_KIND_CATEGORY, PLATFORM_NAME, type NotificationCategory, type NotificationKind } from '@app/contract';
import type { MailMessage } from '../../mail/mailer.js';

export const CATEGORY_LABEL: Record<NotificationCategory, string> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  transfers: 'transfers',
  subscription: 'your subscription',
  referrals: 'referral earnings',
  points: 'points added or removed by an administrator',
  security: 'the security of your account',
  announcements: 'announcements',
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
}

export function notificationEmail(n: NotificationEmailInput): MailMessage {
  const category = categoryOf(n.kind);
  const alwaysOn = ALWAYS_ON_CATEGORIES.includes(category);
  const centre = `${n.appUrl}/user/notifications`;
  const why = alwaysOn
    ? `Security e-mails cannot be turned off: they tell you when someone else may be using your account.`
    : `You receive this e-mail because e-mails about ${CATEGORY_LABEL[category]} are on for your account.`;
  const text = [
    `Hello ${n.fullName},`,
    '',
    n.body,
    '',
    `See all your notifications: ${centre}`,
    '',
    `${PLATFORM_NAME} (${n.appUrl})`,
    why,
    n.unsubscribeUrl ? `Stop these e-mails: ${n.unsubscribeUrl}` : `Choose your e-mails: ${centre}`,
    '',
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(n.title)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5;">',
    `<p style="font-weight: bold; font-size: 18px;">${escapeHtml(PLATFORM_NAME)}</p>`,
    `<h1 style="font-size: 20px;">${escapeHtml(n.title)}</h1>`,
    `<p>Hello ${escapeHtml(n.fullName)},</p>`,
    `<p style="white-space: pre-line;">${escapeHtml(n.body)}</p>`,
    `<p>${link(centre, 'See all your notifications')}</p>`,
    '<hr>',
    `<p style="font-size: 12px; color: #4b5563;">${link(n.appUrl, PLATFORM_NAME)}. ${escapeHtml(why)} ${
      n.unsubscribeUrl ? link(n.unsubscribeUrl, 'Stop these e-mails') : link(centre, 'Choose your e-mails')
    }</p>`,
    '</body></html>',
    '',
  ].join('\n');
  const headers: Record<string, string> = {};
  if (n.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${n.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { to: n.to, subject: n.title, text, html, headers, messageId: `<${n.publicId}@${new URL(n.appUrl).hostname}>` };
}
