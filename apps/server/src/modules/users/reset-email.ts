// The password reset e-mail (issue 20: in the account's users.language). English is plain text, exactly as it
// always was; Arabic adds an HTML alternative marked right-to-left (`<html lang="ar" dir="rtl">`), so mail
// clients lay the Arabic out from the right (plain text alone is shown left-aligned by many of them).
import type { Language } from '@app/contract';
import { escapeHtml } from '../notifications/email.js';
import type { MailMessage } from '../../mail/mailer.js';

export const RESET_SUBJECT = { en: 'Reset your password', ar: 'إعادة تعيين كلمة المرور' } as const satisfies Record<Language, string>;

export function resetPasswordEmail(input: { to: string; fullName: string; link: string; lang: Language }): MailMessage {
  const { to, fullName, link } = input;
  if (input.lang !== 'ar') {
    return {
      to,
      subject: RESET_SUBJECT.en,
      text: `Hello ${fullName},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within 30 minutes:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    };
  }
  // The name is the user's own text: isolated (FSI … PDI), so a Latin name cannot reorder the Arabic greeting.
  const hello = `مرحبًا \u2068${fullName}\u2069،`;
  const asked = 'طلب أحدهم إعادة تعيين كلمة مرور حسابك. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال 30 دقيقة:';
  const once = 'يعمل الرابط مرة واحدة فقط. إن لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.';
  return {
    to,
    subject: RESET_SUBJECT.ar,
    text: `${hello}\n\n${asked}\n\n${link}\n\n${once}\n`,
    html: [
      '<!doctype html>',
      `<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(RESET_SUBJECT.ar)}</title></head>`,
      '<body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5; direction: rtl; text-align: right;">',
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(asked)}</p>`,
      `<p dir="ltr" style="text-align: left;"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(once)}</p>`,
      '</body></html>',
      '',
    ].join('\n'),
  };
}
