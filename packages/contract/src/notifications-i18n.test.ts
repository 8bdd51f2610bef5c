// Every notification kind renders in Arabic, with Arabic words around the same amounts, numbers
// and names as the English text. A kind added without an Arabic text fails here (and in the typecheck: SAMPLES and
// NOTIFICATION_TEXT_AR are typed over every kind).
import { describe, expect, test } from 'vitest';
import { formatCents } from './money-format.js';
import { describeUserAgent } from './user-agent.js';
import { NOTIFICATION_KINDS, renderNotification, type NotificationKind, type NotificationParams } from './notifications.js';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_WORD = /[A-Za-z]{2,}/g;
/** The numbers of a text, as written ("1,234.50", "3"), in order of appearance, sorted. */
const numbers = (text: string) => (text.match(/\d[\d,.]*\d|\d/g) ?? []).sort();
const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Every kind, in every branch of its text. */
const SAMPLES: { [K in NotificationKind]: NotificationParams[K][] } = {
  deposit_credited: [
    { amountCents: 123_450, via: 'chain' },
    { amountCents: 5_000, via: 'admin', reference: 'TX-77' },
    { amountCents: 5_001, via: 'admin' },
  ],
  deposit_reverted: [{ amountCents: 990, reference: 'ref-9' }, { amountCents: 991 }],
  withdrawal_requested: [{ amountCents: 25_000, paymentId: 'TQx1abc' }],
  withdrawal_processed: [{ amountCents: 25_001, paymentId: 'TQx1abd' }],
  withdrawal_refunded: [{ amountCents: 25_002, paymentId: 'TQx1abe' }],
  transfer_received: [{ amountCents: 1_250, senderName: 'Alice Sender' }],
  transfer_sent: [
    { amountCents: 1_251, recipientEmail: 'bob@example.com', recipientName: 'Bob Recipient' },
    { amountCents: 1_252, recipientEmail: 'bob@example.com' },
  ],
  subscription_activated: [
    { priceCents: 10_000, via: 'points' },
    { priceCents: 0, via: 'points' },
    { priceCents: 0, via: 'code' },
  ],
  referral_earned: [
    { amountCents: 300, memberName: 'Carol', level: 2, reason: 'commission' },
    { amountCents: 1_000, memberName: 'Dan', level: 1, reason: 'bonus' },
  ],
  points_added: [{ amountCents: 200 }],
  points_removed: [{ amountCents: 201 }],
  two_factor_enabled: [{}],
  two_factor_disabled: [{}],
  passkey_added: [{ name: 'My laptop' }],
  passkey_removed: [{ name: 'Old phone' }],
  new_sign_in: [
    { userAgent: CHROME_LINUX, ip: '203.0.113.7' },
    { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148', ip: '203.0.113.8' },
    { userAgent: 'curl/8.5.0', ip: '203.0.113.9' },
    { userAgent: '', ip: '198.51.100.4' },
  ],
  password_changed: [{}],
  password_reset: [{}],
  announcement: [{ title: 'Maintenance tonight', body: 'The platform pauses at 23:00 for 15 minutes.' }],
  support_reply: [{ number: 12, subject: 'I paid but it is not credited' }],
  support_message: [{ number: 7, subject: 'Withdrawal 3 days late' }],
  kyc_approved: [{}],
  kyc_rejected: [{ reason: 'The photo of the passport is blurred' }],
};

/** The values a user or another party typed: they appear unchanged in either language. */
const typed = (params: object) => Object.values(params).filter((v): v is string => typeof v === 'string' && v.length > 0 && !['chain', 'admin', 'points', 'code', 'commission', 'bonus'].includes(v));

describe('notifications in Arabic', () => {
  test('every kind has samples', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  for (const kind of NOTIFICATION_KINDS.filter((k) => k !== 'announcement')) {
    test(`${kind}: Arabic title and body with the same numbers and names as English`, () => {
      for (const params of SAMPLES[kind]) {
        const en = renderNotification(kind, params as never);
        const ar = renderNotification(kind, params as never, 'ar');
        expect(ar.title).toMatch(ARABIC_LETTER);
        expect(ar.body).toMatch(ARABIC_LETTER);
        expect(ar.title).not.toBe(en.title);
        expect(numbers(strip(ar.body))).toEqual(numbers(en.body));
        // What the English quotes (a sign-in's raw User-Agent and a named recipient's e-mail are not), Arabic quotes.
        for (const value of typed(params).filter((v) => en.body.includes(v))) expect(strip(ar.body)).toContain(value);
        // No English left over: the Latin words are the typed values and the product's names only.
        // …and the names of a browser and its system (describeUserAgent), which stay as they are.
        const device = 'userAgent' in params ? Object.values(describeUserAgent(params.userAgent)).filter((v) => v !== null) : [];
        const allowed = new Set(['Tron', 'IP', 'USDT', ...device, ...typed(params).flatMap((v) => v.match(LATIN_WORD) ?? [])]);
        expect((strip(ar.title + ' ' + ar.body).match(LATIN_WORD) ?? []).filter((w) => !allowed.has(w))).toEqual([]);
      }
    });
  }

  test('English stays the default and unchanged', () => {
    const p = { amountCents: 1_250, senderName: 'Alice' };
    expect(renderNotification('transfer_received', p)).toEqual({ title: 'Points received', body: '“Alice” sent you 12.50 USDT.' });
    expect(renderNotification('transfer_received', p, 'en')).toEqual(renderNotification('transfer_received', p));
  });

  test('a new sign-in names the browser and system, never the raw User-Agent, in either language', () => {
    const p = { userAgent: CHROME_LINUX, ip: '203.0.113.7' };
    const en = renderNotification('new_sign_in', p).body;
    const ar = strip(renderNotification('new_sign_in', p, 'ar').body);
    expect(en).toContain('before: Chrome on Linux, address 203.0.113.7.');
    expect(ar).toContain('Chrome على Linux');
    for (const body of [en, ar]) expect(body).not.toMatch(/Mozilla|AppleWebKit|x86_64/);
    expect(renderNotification('new_sign_in', { userAgent: 'curl/8.5.0', ip: '1.2.3.4' }).body).toContain('before: unknown browser, address');
  });

  test('a transfer sent names the recipient, not their e-mail', () => {
    const p = { amountCents: 500, recipientEmail: 'bob@example.com', recipientName: 'Bob Recipient' };
    expect(renderNotification('transfer_sent', p).body).toBe('You sent 5.00 USDT to “Bob Recipient”.');
    expect(strip(renderNotification('transfer_sent', p, 'ar').body)).toBe('أرسلت 5.00 USDT إلى «Bob Recipient».');
  });

  test('amounts keep Latin digits and grouping in Arabic', () => {
    expect(strip(renderNotification('points_added', { amountCents: 123_456_78 }, 'ar').body)).toBe('أضاف أحد المسؤولين 123,456.78 USDT إلى رصيدك.');
  });

  test('every amount reads as the glossary has it (12.50 USDT) in either language, never in points', () => {
    for (const kind of NOTIFICATION_KINDS) {
      for (const params of SAMPLES[kind]) {
        const cents = 'amountCents' in params ? params.amountCents : 'priceCents' in params && params.priceCents > 0 ? params.priceCents : null;
        for (const lang of ['en', 'ar'] as const) {
          const { body } = renderNotification(kind, params as never, lang);
          expect(body, `${kind} ${lang}`).not.toMatch(/\bpoints?\b|نقطة|نقاط/);
          if (cents !== null) expect(strip(body), `${kind} ${lang}`).toContain(`${formatCents(cents)} USDT`);
        }
      }
    }
  });

  test('an announcement stays as its admin wrote it, in either language', () => {
    const [p] = SAMPLES.announcement;
    expect(renderNotification('announcement', p, 'ar')).toEqual({ title: p.title, body: p.body });
    expect(renderNotification('announcement', p, 'en')).toEqual({ title: p.title, body: p.body });
  });
});
