// Every notification kind renders in Arabic, with Arabic words around the same amounts, numbers
// and names as the English text. A kind added without an Arabic text fails here (and in the typecheck: SAMPLES and
// NOTIFICATION_TEXT_AR are typed over every kind).
import { describe, expect, test } from 'vitest';
import { NOTIFICATION_KINDS, renderNotification, type NotificationKind, type NotificationParams } from './notifications.js';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_WORD = /[A-Za-z]{2,}/g;
/** The numbers of a text, as written ("1,234.50", "3"), in order of appearance, sorted. */
const numbers = (text: string) => (text.match(/\d[\d,.]*\d|\d/g) ?? []).sort();
const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

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
  transfer_sent: [{ amountCents: 1_251, recipientEmail: 'bob@example.com' }],
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
    { userAgent: 'Firefox 140 on Linux', ip: '203.0.113.7' },
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
        for (const value of typed(params)) expect(strip(ar.body)).toContain(value);
        // No English left over: the Latin words are the typed values and the product's names only.
        const allowed = new Set(['Tron', 'IP', ...typed(params).flatMap((v) => v.match(LATIN_WORD) ?? [])]);
        expect((strip(ar.title + ' ' + ar.body).match(LATIN_WORD) ?? []).filter((w) => !allowed.has(w))).toEqual([]);
      }
    });
  }

  test('English stays the default and unchanged', () => {
    const p = { amountCents: 1_250, senderName: 'Alice' };
    expect(renderNotification('transfer_received', p)).toEqual({ title: 'Points received', body: '“Alice” sent you 12.50 points.' });
    expect(renderNotification('transfer_received', p, 'en')).toEqual(renderNotification('transfer_received', p));
  });

  test('amounts keep Latin digits and grouping in Arabic', () => {
    expect(strip(renderNotification('points_added', { amountCents: 123_456_78 }, 'ar').body)).toBe('أضاف أحد المسؤولين 123,456.78 نقطة إلى رصيدك.');
  });

  test('an announcement stays as its admin wrote it, in either language', () => {
    const [p] = SAMPLES.announcement;
    expect(renderNotification('announcement', p, 'ar')).toEqual({ title: p.title, body: p.body });
    expect(renderNotification('announcement', p, 'en')).toEqual({ title: p.title, body: p.body });
  });
});
