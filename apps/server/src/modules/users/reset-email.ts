// The password reset e-mail (in the account's users.language). English is plain text; Arabic adds an HTML
// alternative marked right-to-left (`<html lang="ar" dir="rtl">`), so mail clients lay the Arabic out from the right
// (plain text alone is shown left-aligned by many of them).
// It also says that a reset signs the account out everywhere and lists the passkeys on the account (each signs in
// without a password), with a link to the security page, so an owner sees a passkey planted by someone else.
import { oneLineDisplay, type Language } from '@app/contract';
import { escapeHtml, SECURITY_PAGE_PATH } from '../notifications/email.js';
import type { MailMessage } from '../../mail/mailer.js';

export const RESET_SUBJECT = { en: 'Reset your password', ar: 'إعادة تعيين كلمة المرور' } as const satisfies Record<Language, string>;

export interface ResetEmailPasskey {
  name: string;
  createdAt: Date;
}

/**
 * A passkey's name as one line of e-mail text: it is the user's (or an attacker's) own text, so control, format
 * (bidi overrides, zero-width) and line-separator characters become spaces; it can neither break the list's lines
 * nor reorder the words around it.
 */
const oneLine = (name: string) => oneLineDisplay(name) || '?';
const day = (d: Date) => d.toISOString().slice(0, 10);

export function resetPasswordEmail(input: {
  to: string;
  fullName: string;
  link: string;
  lang: Language;
  /** The passkeys on the account, oldest first. */
  passkeys: ResetEmailPasskey[];
  /** APP_URL (no trailing slash): the security page is linked. */
  appUrl: string;
}): MailMessage {
  const { to, link, passkeys } = input;
  // The name as one line: one stored before names were refused CR/LF and bidi controls writes no lines.
  const fullName = oneLineDisplay(input.fullName);
  const securityPage = `${input.appUrl}${SECURITY_PAGE_PATH}`;
  if (input.lang !== 'ar') {
    const keys =
      passkeys.length === 0
        ? 'There are no passkeys on your account.'
        : [
            `Passkeys sign in without a password. The passkeys on your account:`,
            ...passkeys.map((p) => `- "${oneLine(p.name)}" (added ${day(p.createdAt)})`),
            '',
            `If you do not recognise one, remove it on your security page: ${securityPage}`,
          ].join('\n');
    return {
      to,
      subject: RESET_SUBJECT.en,
      text: `Hello ${fullName},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within 30 minutes:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.\n\nA new password signs your account out on every device.\n\n${keys}\n`,
    };
  }
  // The name is the user's own text: isolated (FSI … PDI), so a Latin name cannot reorder the Arabic greeting.
  const hello = `مرحبًا \u2068${fullName}\u2069،`;
  const asked = 'طلب أحدهم إعادة تعيين كلمة مرور حسابك. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال 30 دقيقة:';
  const once = 'يعمل الرابط مرة واحدة فقط. إن لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.';
  const everywhere = 'تؤدي كلمة المرور الجديدة إلى تسجيل خروج حسابك من جميع الأجهزة.';
  const none = 'لا توجد مفاتيح مرور في حسابك.';
  const listed = 'تسجّل مفاتيح المرور الدخول بدون كلمة مرور. مفاتيح المرور في حسابك:';
  const item = (p: ResetEmailPasskey) => `«\u2068${oneLine(p.name)}\u2069» (أُضيف في ${day(p.createdAt)})`;
  const unknown = 'إن لم تتعرّف على أحدها، فأزِله من صفحة الأمان:';
  const keysText = passkeys.length === 0 ? none : [listed, ...passkeys.map((p) => `- ${item(p)}`), '', `${unknown} ${securityPage}`].join('\n');
  const keysHtml =
    passkeys.length === 0
      ? [`<p>${escapeHtml(none)}</p>`]
      : [
          `<p>${escapeHtml(listed)}</p>`,
          `<ul>${passkeys.map((p) => `<li>${escapeHtml(item(p))}</li>`).join('')}</ul>`,
          `<p>${escapeHtml(unknown)} <a href="${escapeHtml(securityPage)}" dir="ltr">${escapeHtml(securityPage)}</a></p>`,
        ];
  return {
    to,
    subject: RESET_SUBJECT.ar,
    text: `${hello}\n\n${asked}\n\n${link}\n\n${once}\n\n${everywhere}\n\n${keysText}\n`,
    html: [
      '<!doctype html>',
      `<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(RESET_SUBJECT.ar)}</title></head>`,
      '<body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5; direction: rtl; text-align: right;">',
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(asked)}</p>`,
      `<p dir="ltr" style="text-align: left;"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(once)}</p>`,
      `<p>${escapeHtml(everywhere)}</p>`,
      ...keysHtml,
      '</body></html>',
      '',
    ].join('\n'),
  };
}
