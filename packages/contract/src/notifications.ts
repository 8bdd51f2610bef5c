// Notifications (docs/product.md#notifications): what a user is told when money moves or their account's security changes, in the
// in-app centre (the bell, the panel, /user/notifications) and by e-mail. Each kind belongs to a category (e-mail
// preferences are per category; security cannot be turned off). The English texts are message functions of the
// event's parameters, kept here so the centre and the e-mail say the same words and a translation (docs/i18n.md) has
// one place to start from: the server stores kind + params next to the rendered title and body.
import { z } from 'zod';
import { formatCents } from './money.js';
import type { Language } from './language.js';
import { TEXT_MSG, multiLineText, oneLineText } from './one-line.js';
import { multiLineDisplay, oneLineDisplay, quotedName } from './text.js';
import { browserName } from './user-agent.js';
import { explorerTxUrl } from './withdrawals.js';

export const NOTIFICATION_CATEGORIES = ['deposits', 'withdrawals', 'transfers', 'subscription', 'referrals', 'points', 'security', 'announcements', 'support'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Categories whose e-mail a user cannot turn off. */
export const ALWAYS_ON_CATEGORIES: readonly NotificationCategory[] = ['security'];

/** The parameters each kind is rendered from (amounts are integer cents, as everywhere on the server). */
export interface NotificationParams {
  /** Approved by an admin (`admin`, with the transaction ID the user gave) or confirmed on the Tron chain (`chain`). */
  deposit_credited: { amountCents: number; via: 'admin' | 'chain'; reference?: string };
  deposit_reverted: { amountCents: number; reference?: string };
  withdrawal_requested: { amountCents: number; paymentId: string };
  /** `txId`: the payout transaction, when it was proven on the chain. */
  withdrawal_processed: { amountCents: number; paymentId: string; txId?: string };
  withdrawal_refunded: { amountCents: number; paymentId: string };
  /** To the recipient: the sender's name, never their e-mail. */
  transfer_received: { amountCents: number; senderName: string };
  /** To the sender: the recipient's name (the body names the person, as the activity feed does); their e-mail as
   * the sender typed it stays in the params, and names them only in rows written before the name was stored. */
  transfer_sent: { amountCents: number; recipientEmail: string; recipientName?: string };
  /** `code`: activated by redeeming a subscription code rather than paid with points. */
  subscription_activated: { priceCents: number; via: 'points' | 'code' };
  /** One per commission event: `bonus` is the first-deposit bonus, `commission` a share of a member's reward. */
  referral_earned: { amountCents: number; memberName: string; level: number; reason: 'commission' | 'bonus' };
  points_added: { amountCents: number };
  points_removed: { amountCents: number };
  two_factor_enabled: Record<string, never>;
  two_factor_disabled: Record<string, never>;
  passkey_added: { name: string };
  passkey_removed: { name: string };
  /** A sign-in from a browser the account had not used before; the body names it ("Chrome on Linux"), never
   * quoting the raw header (browserName). */
  new_sign_in: { userAgent: string; ip: string };
  password_changed: Record<string, never>;
  password_reset: Record<string, never>;
  announcement: { title: string; body: string };
  /** To the ticket's user: the operator answered (never the text: an e-mail carries no reply, and so no note). */
  support_reply: { number: number; subject: string };
  /** To the assigned admin (or every admin while nobody is assigned): the user wrote. */
  support_message: { number: number; subject: string };
  /** An admin verified the user's identity. */
  kyc_approved: Record<string, never>;
  /** An admin rejected the identity check, with the reason they gave. */
  kyc_rejected: { reason: string };
}
export type NotificationKind = keyof NotificationParams;

export const NOTIFICATION_KIND_CATEGORY: { readonly [K in NotificationKind]: NotificationCategory } = {
  deposit_credited: 'deposits',
  deposit_reverted: 'deposits',
  withdrawal_requested: 'withdrawals',
  withdrawal_processed: 'withdrawals',
  withdrawal_refunded: 'withdrawals',
  transfer_received: 'transfers',
  transfer_sent: 'transfers',
  subscription_activated: 'subscription',
  referral_earned: 'referrals',
  points_added: 'points',
  points_removed: 'points',
  two_factor_enabled: 'security',
  two_factor_disabled: 'security',
  passkey_added: 'security',
  passkey_removed: 'security',
  new_sign_in: 'security',
  password_changed: 'security',
  password_reset: 'security',
  announcement: 'announcements',
  support_reply: 'support',
  support_message: 'support',
  kyc_approved: 'security',
  kyc_rejected: 'security',
};
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_CATEGORY) as NotificationKind[];

export interface NotificationText {
  title: string;
  body: string;
}

/** An amount as every page reads it (docs/voice.md): `12.50 USDT`, two decimals, grouped, Latin digits in both languages. */
const usdt = (cents: number) => `${formatCents(cents)} USDT`;
// What a person typed (a name, a payout address, a transaction id, an e-mail, the browser's User-Agent) is shown as one
// line: stored values from before the refusal at the door may still hold CR/LF, bidi overrides or
// zero-width characters, and must neither add lines to the sentence nor reorder it. Names are quoted: “Alice”.
const one = oneLineDisplay;
const NOT_YOU = 'If this was not you, change your password now and end your other sessions on your security page.';

/** The English title and body of each kind, from its parameters. */
export const NOTIFICATION_TEXT: { readonly [K in NotificationKind]: (p: NotificationParams[K]) => NotificationText } = {
  deposit_credited: (p) => ({
    title: 'Deposit credited',
    body:
      p.via === 'chain'
        ? `Your deposit of ${usdt(p.amountCents)} was confirmed on the Tron network and credited to your balance.`
        : `Your deposit of ${usdt(p.amountCents)}${p.reference ? ` (transaction ${one(p.reference)})` : ''} was approved and credited to your balance.`,
  }),
  deposit_reverted: (p) => ({
    title: 'Deposit reverted',
    body: `Your deposit of ${usdt(p.amountCents)}${p.reference ? ` (transaction ${one(p.reference)})` : ''} was reverted and taken back from your balance.`,
  }),
  withdrawal_requested: (p) => ({
    title: 'Withdrawal requested',
    body: `Your withdrawal of ${usdt(p.amountCents)} to ${one(p.paymentId)} was received. The amount is held until it is processed.`,
  }),
  withdrawal_processed: (p) => ({
    title: 'Withdrawal processed',
    body: `Your withdrawal of ${usdt(p.amountCents)} to ${one(p.paymentId)} was processed.${p.txId ? ` Transaction: ${one(p.txId)} (${explorerTxUrl(one(p.txId))})` : ''}`,
  }),
  withdrawal_refunded: (p) => ({
    title: 'Withdrawal refunded',
    body: `Your withdrawal request of ${usdt(p.amountCents)} to ${one(p.paymentId)} was deleted and the amount returned to your balance.`,
  }),
  transfer_received: (p) => ({
    title: 'Points received',
    body: `${quotedName(p.senderName)} sent you ${usdt(p.amountCents)}.`,
  }),
  transfer_sent: (p) => ({
    title: 'Points sent',
    body: `You sent ${usdt(p.amountCents)} to ${p.recipientName ? quotedName(p.recipientName) : one(p.recipientEmail)}.`,
  }),
  subscription_activated: (p) => ({
    title: 'Subscription activated',
    body:
      p.via === 'code'
        ? 'Your subscription is active: you redeemed a subscription code.'
        : p.priceCents > 0
          ? `Your subscription is active. ${usdt(p.priceCents)} was charged to your balance.`
          : 'Your subscription is active.',
  }),
  referral_earned: (p) => ({
    title: 'Referral earnings',
    body:
      p.reason === 'bonus'
        ? `You earned ${usdt(p.amountCents)}: ${quotedName(p.memberName)}, whom you referred, made their first deposit.`
        : `You earned ${usdt(p.amountCents)}: a commission on the video reward of ${quotedName(p.memberName)} (level ${p.level} of your team).`,
  }),
  points_added: (p) => ({
    title: 'Points added',
    body: `An administrator added ${usdt(p.amountCents)} to your balance.`,
  }),
  points_removed: (p) => ({
    title: 'Points removed',
    body: `An administrator removed ${usdt(p.amountCents)} from your balance.`,
  }),
  two_factor_enabled: () => ({
    title: 'Two-factor sign-in turned on',
    body: `Two-factor sign-in was turned on for your account. ${NOT_YOU}`,
  }),
  two_factor_disabled: () => ({
    title: 'Two-factor sign-in turned off',
    body: `Two-factor sign-in was turned off for your account. ${NOT_YOU}`,
  }),
  passkey_added: (p) => ({
    title: 'A passkey was added',
    body: `A passkey named ${quotedName(p.name)} was added to your account. ${NOT_YOU}`,
  }),
  passkey_removed: (p) => ({
    title: 'A passkey was removed',
    body: `The passkey named ${quotedName(p.name)} was removed from your account. ${NOT_YOU}`,
  }),
  new_sign_in: (p) => ({
    title: 'New sign-in to your account',
    body: `Your account was signed in to from a browser it had not used before: ${browserName(p.userAgent)}, address ${one(p.ip)}. ${NOT_YOU}`,
  }),
  password_changed: () => ({
    title: 'Your password was changed',
    body: `The password of your account was changed. ${NOT_YOU}`,
  }),
  password_reset: () => ({
    title: 'Your password was reset',
    body: `The password of your account was reset with a link sent to your e-mail. ${NOT_YOU}`,
  }),
  announcement: (p) => ({ title: oneLineDisplay(p.title), body: multiLineDisplay(p.body) }),
  support_reply: (p) => ({
    title: 'Support answered your ticket',
    body: `Support replied to your ticket #${p.number} ${quotedName(p.subject)}. Open it to read the answer.`,
  }),
  support_message: (p) => ({
    title: 'New message on a support ticket',
    body: `The user wrote on ticket #${p.number} ${quotedName(p.subject)}.`,
  }),
  kyc_approved: () => ({ title: 'Identity verified', body: 'Your identity check was approved: your identity is verified.' }),
  kyc_rejected: (p) => ({
    title: 'Identity check rejected',
    body: `Your identity check was rejected: ${quotedName(p.reason)}. You can correct it and send it again from your verification page.`,
  }),
};

/** The language a notification (and its e-mail) is rendered in: the recipient's `users.language`. */
export type NotificationLanguage = Language;
/** A stored or requested language → one we render ('en' for anything else). */
export const notificationLanguage = (lang: unknown): NotificationLanguage => (lang === 'ar' ? 'ar' : 'en');

// Arabic: Modern Standard Arabic. Amounts keep Latin digits (formatCents), product terms (USDT, TRC20,
// VIP1…VIP7, Tron) stay as they are. What the user or another party typed (names, e-mails, payout addresses, the
// browser) is wrapped in Unicode isolates (FSI … PDI), so a Latin name ending in punctuation cannot reorder the
// right-to-left sentence around it; the marks are invisible.
// The text inside is one line without bidi controls (oneLineDisplay), so nothing in it can end the isolate early.
const iso = (text: string) => `\u2068${oneLineDisplay(text)}\u2069`;
/** A name quoted in an Arabic sentence: «name», isolated. */
const nameAr = (text: string) => `«${iso(text)}»`;
const NOT_YOU_AR = 'إن لم تكن أنت من قام بذلك، فغيّر كلمة المرور الآن وأنهِ جلساتك الأخرى من صفحة الأمان.';
const referenceAr = (reference?: string) => (reference ? ` (رقم المعاملة ${iso(reference)})` : '');

/** The Arabic title and body of each kind; an announcement stays as its admin wrote it (one text for everyone). */
export const NOTIFICATION_TEXT_AR: { readonly [K in NotificationKind]: (p: NotificationParams[K]) => NotificationText } = {
  deposit_credited: (p) => ({
    title: 'تمت إضافة الإيداع',
    body:
      p.via === 'chain'
        ? `تم تأكيد إيداعك البالغ ${usdt(p.amountCents)} على شبكة Tron وإضافته إلى رصيدك.`
        : `تمت الموافقة على إيداعك البالغ ${usdt(p.amountCents)}${referenceAr(p.reference)} وإضافته إلى رصيدك.`,
  }),
  deposit_reverted: (p) => ({
    title: 'تم عكس الإيداع',
    body: `تم عكس إيداعك البالغ ${usdt(p.amountCents)}${referenceAr(p.reference)} وخصمه من رصيدك.`,
  }),
  withdrawal_requested: (p) => ({
    title: 'تم استلام طلب السحب',
    body: `استلمنا طلبك لسحب ${usdt(p.amountCents)} إلى ${iso(p.paymentId)}. يبقى المبلغ محجوزًا إلى أن تتم معالجة الطلب.`,
  }),
  withdrawal_processed: (p) => ({
    title: 'تمت معالجة السحب',
    body: `تمت معالجة طلبك لسحب ${usdt(p.amountCents)} إلى ${iso(p.paymentId)}.${p.txId ? ` المعاملة: ${iso(p.txId)} (${iso(explorerTxUrl(p.txId))})` : ''}`,
  }),
  withdrawal_refunded: (p) => ({
    title: 'تمت إعادة مبلغ السحب',
    body: `تم حذف طلبك لسحب ${usdt(p.amountCents)} إلى ${iso(p.paymentId)} وأُعيد المبلغ إلى رصيدك.`,
  }),
  transfer_received: (p) => ({
    title: 'وصلتك نقاط',
    body: `أرسل إليك ${nameAr(p.senderName)} ${usdt(p.amountCents)}.`,
  }),
  transfer_sent: (p) => ({
    title: 'تم إرسال النقاط',
    body: `أرسلت ${usdt(p.amountCents)} إلى ${p.recipientName ? nameAr(p.recipientName) : iso(p.recipientEmail)}.`,
  }),
  subscription_activated: (p) => ({
    title: 'تم تفعيل الاشتراك',
    body:
      p.via === 'code'
        ? 'اشتراكك مفعّل الآن: لقد استخدمت رمز اشتراك.'
        : p.priceCents > 0
          ? `اشتراكك مفعّل الآن. تم خصم ${usdt(p.priceCents)} من رصيدك.`
          : 'اشتراكك مفعّل الآن.',
  }),
  referral_earned: (p) => ({
    title: 'أرباح الإحالة',
    body:
      p.reason === 'bonus'
        ? `ربحت ${usdt(p.amountCents)}: أجرى ${nameAr(p.memberName)}، الذي دعوته إلى المنصة، أول إيداع له.`
        : `ربحت ${usdt(p.amountCents)}: عمولة على مكافأة فيديو حصل عليها ${nameAr(p.memberName)} (المستوى ${p.level} في فريقك).`,
  }),
  points_added: (p) => ({
    title: 'تمت إضافة نقاط',
    body: `أضاف أحد المسؤولين ${usdt(p.amountCents)} إلى رصيدك.`,
  }),
  points_removed: (p) => ({
    title: 'تم خصم نقاط',
    body: `خصم أحد المسؤولين ${usdt(p.amountCents)} من رصيدك.`,
  }),
  two_factor_enabled: () => ({
    title: 'تم تفعيل التحقق بخطوتين',
    body: `تم تفعيل التحقق بخطوتين عند تسجيل الدخول إلى حسابك. ${NOT_YOU_AR}`,
  }),
  two_factor_disabled: () => ({
    title: 'تم إيقاف التحقق بخطوتين',
    body: `تم إيقاف التحقق بخطوتين عند تسجيل الدخول إلى حسابك. ${NOT_YOU_AR}`,
  }),
  passkey_added: (p) => ({
    title: 'تمت إضافة مفتاح مرور',
    body: `تمت إضافة مفتاح مرور باسم «${iso(p.name)}» إلى حسابك. ${NOT_YOU_AR}`,
  }),
  passkey_removed: (p) => ({
    title: 'تمت إزالة مفتاح مرور',
    body: `تمت إزالة مفتاح المرور المسمّى «${iso(p.name)}» من حسابك. ${NOT_YOU_AR}`,
  }),
  new_sign_in: (p) => ({
    title: 'تسجيل دخول جديد إلى حسابك',
    body: `تم تسجيل الدخول إلى حسابك من متصفح لم يُستخدم للدخول إليه من قبل: ${browserName(p.userAgent, 'ar')}، من عنوان IP ${iso(p.ip)}. ${NOT_YOU_AR}`,
  }),
  password_changed: () => ({
    title: 'تم تغيير كلمة المرور',
    body: `تم تغيير كلمة مرور حسابك. ${NOT_YOU_AR}`,
  }),
  password_reset: () => ({
    title: 'تمت إعادة تعيين كلمة المرور',
    body: `تمت إعادة تعيين كلمة مرور حسابك عبر رابط أُرسل إلى بريدك الإلكتروني. ${NOT_YOU_AR}`,
  }),
  announcement: (p) => ({ title: oneLineDisplay(p.title), body: multiLineDisplay(p.body) }),
  support_reply: (p) => ({
    title: 'ردّ الدعم على تذكرتك',
    body: `ردّ فريق الدعم على تذكرتك رقم ${p.number} ${nameAr(p.subject)}. افتحها لقراءة الرد.`,
  }),
  support_message: (p) => ({
    title: 'رسالة جديدة في تذكرة دعم',
    body: `كتب المستخدم في التذكرة رقم ${p.number} ${nameAr(p.subject)}.`,
  }),
  kyc_approved: () => ({ title: 'تم التحقق من الهوية', body: 'تمت الموافقة على طلب التحقق من هويتك: هويتك الآن موثّقة.' }),
  kyc_rejected: (p) => ({
    title: 'تم رفض التحقق من الهوية',
    body: `تم رفض طلب التحقق من هويتك: ${nameAr(p.reason)}. يمكنك تصحيحه وإرساله مجددًا من صفحة التحقق.`,
  }),
};

const NOTIFICATION_TEXTS = { en: NOTIFICATION_TEXT, ar: NOTIFICATION_TEXT_AR } as const;

/**
 * Title and body of one notification in `lang` (English when left out: the text stored with the row). The server
 * renders the centre's list, its stream and the e-mails in the recipient's `users.language`; the web client shows
 * the title and body it receives and never calls this itself.
 */
export function renderNotification<K extends NotificationKind>(kind: K, params: NotificationParams[K], lang: NotificationLanguage = 'en'): NotificationText {
  return (NOTIFICATION_TEXTS[lang][kind] as (p: NotificationParams[K]) => NotificationText)(params);
}

export const NOTIFICATION_MSG = {
  list: 'Notifications fetched successfully',
  read: 'Notifications marked as read',
  readChoose: 'Send the ids to mark as read, or all: true',
  preferences: 'Notification preferences fetched successfully',
  preferencesSaved: 'Notification preferences saved',
  securityAlwaysOn: 'Security e-mails cannot be turned off: they tell you when someone else may be using your account',
  announcementSent: (recipients: number) => `Announcement sent to ${recipients} ${recipients === 1 ? 'user' : 'users'}`,
  announcements: 'Announcements fetched successfully',
  announcementTitle: 'Give the announcement a title of 1 to 120 characters',
  announcementBody: 'Write the announcement in 1 to 2000 characters',
  audience: 'Choose who receives the announcement: all, subscribers or admins',
} as const;

export const NOTIFICATION_PAGE_MAX = 100;
export const NOTIFICATION_PAGE_DEFAULT = 20;
/** Most ids one POST /notifications/read may name. */
export const NOTIFICATION_READ_IDS_MAX = 500;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;
// NOTIFICATION_SSE_EVENT lives in the zod-free notification-stream.ts (the bell loads no schema code).
export * from './notification-stream.js';

const pageField = z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1);
const limitField = z.coerce
  .number()
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(NOTIFICATION_PAGE_MAX, `limit must be at most ${NOTIFICATION_PAGE_MAX}`)
  .default(NOTIFICATION_PAGE_DEFAULT);

/** ?page=&limit= of the notification and announcement lists (newest first). */
export const notificationsQuery = z.object({ page: pageField, limit: limitField });

export const notificationItem = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  notifications: z.array(notificationItem),
  unread: z.number(),
  page: z.number(),
  total: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** The data of one SSE `notification` event: the list item and the user's unread count after it. */
export const notificationStreamEvent = notificationItem.extend({ unread: z.number() });
export type NotificationStreamEvent = z.infer<typeof notificationStreamEvent>;

/** POST /api/v1/notifications/read: `{ ids }` (the caller's own; others change nothing) or `{ all: true }`. */
export const markReadBody = z.union(
  [
    z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATION_READ_IDS_MAX) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: NOTIFICATION_MSG.readChoose },
);
export type MarkReadBody = z.infer<typeof markReadBody>;
export const markReadResponse = z.object({ success: z.boolean(), message: z.string(), unread: z.number() });

export const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as Record<NotificationCategory, z.ZodBoolean>,
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const preferencesResponse = z.object({ success: z.boolean(), message: z.string(), preferences: notificationPreferences });
/** PUT /api/v1/notifications/preferences: any categories; security set to false is refused (400). */
export const preferencesBody = z.object({
  preferences: notificationPreferences.partial().superRefine((p, ctx) => {
    for (const c of ALWAYS_ON_CATEGORIES) {
      if (p[c] === false) ctx.addIssue({ code: 'custom', message: NOTIFICATION_MSG.securityAlwaysOn, path: [c] });
    }
  }),
});

export const ANNOUNCEMENT_AUDIENCES = ['all', 'subscribers', 'admins'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const announcementBody = z.object({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: NOTIFICATION_MSG.audience }),
  // The title is one line (it is the e-mail's subject); the body may keep its line breaks, nothing else.
  title: oneLineText(TEXT_MSG.announcementTitle, {
    typeMessage: NOTIFICATION_MSG.announcementTitle,
    min: 1,
    minMessage: NOTIFICATION_MSG.announcementTitle,
    max: ANNOUNCEMENT_TITLE_MAX,
    maxMessage: NOTIFICATION_MSG.announcementTitle,
  }),
  body: multiLineText(TEXT_MSG.announcementBody, {
    typeMessage: NOTIFICATION_MSG.announcementBody,
    min: 1,
    minMessage: NOTIFICATION_MSG.announcementBody,
    max: ANNOUNCEMENT_BODY_MAX,
    maxMessage: NOTIFICATION_MSG.announcementBody,
  }),
  email: z.boolean().default(false),
});
export type AnnouncementBody = z.input<typeof announcementBody>;

export const announcementRecord = z.object({
  _id: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  title: z.string(),
  body: z.string(),
  email: z.boolean(),
  recipients: z.number(),
  createdAt: z.string(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecord>;
export const announcementResponse = z.object({ success: z.boolean(), message: z.string(), announcement: announcementRecord });
export const announcementsQuery = notificationsQuery;
export const announcementsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  announcements: z.array(announcementRecord),
  page: z.number(),
  total: z.number(),
});
