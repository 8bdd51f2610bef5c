// Every English text the API can answer as `message` has an Arabic translation in the contract
// (messages-ar.ts). The texts are found in the source (api-messages.ts): a new English message without Arabic,
// or a message whose text the scan cannot know, fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AR_MESSAGES, LIST_ALL_MAX, arabicMessage, listCappedMessage, translateMessage } from '@app/contract';
import { PASS_THROUGH, scanApiMessages } from './api-messages.js';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9]{2,}/g;

/** Latin words an Arabic message may keep: names, codes and the request's own fields. */
const KEPT = new Set([
  'USDT', 'TRC20', 'Tron', 'Tronscan', 'TXID', 'API', 'URL', 'http', 'https', 'api', 'trongrid', 'USER', 'ADMIN', 'CSRF', 'JSON', 'json',
  'application', 'Content', 'Type', 'Length', 'content', 'type', 'Idempotency', 'Key', 'page', 'limit', 'from', 'cursor', 'nextCursor',
  'actor', 'action', 'YouTube', 'mp4', 'webm', 'ogg', 'ogv', 'm4v', 'mov', 'required', 'optional', 'user', 'security', 'NUL', 'u0000',
  'HTTP', 'QR', 'UUID', 'ISO', 'YYYY', 'true', 'false', 'null', 'NaN', 'pass', 'fe80', // user:pass@, fe80:: (TRON_API_URL)
  'TRON', 'XPUB', 'xpub', // the TRON_XPUB setting's name and the key's prefix
  'PNG', 'JPEG', 'WebP', 'PDF', 'base64', // file types a ticket accepts, and how they travel
  'off', 'withdrawals', 'above', 'approve', 'reject', // KYC_REQUIRED's values and a review's decisions
]);

const scan = scanApiMessages();
const texts = [...new Set(scan.messages.map((m) => m.text))];

describe('API messages in Arabic', () => {
  it('finds the messages of every kind of source', () => {
    expect(scan.unknown).toEqual([]);
    // A scan that finds nothing would pass everything: it finds each kind of source.
    expect(texts.length).toBeGreaterThan(200);
    for (const sample of [
      'Please fill all the details', // MSG (contract table)
      'You can only update your own profile', // a constant passed to forbidden()
      'Logged in successfully', // an inline message: in a route
      'Phone is required', // a zod check's message in the contract
      'Password must be at least 8 characters', // a template of constants
      'Subscription price must be 0 or an amount with at most 2 decimals, up to 1,000,000.00', // a label a caller passes
      'Insufficient points', // insufficientMessage: of a service
      'A deposit form was already submitted for this transaction; settle it on the deposit list', // new NotCreditable(…)
      'Please log in to continue', // an error helper's default
      'Request headers or URL are too large', // the HTTP parser's answer
      'Language must be "en" or "ar"', // the new route's own
    ]) {
      expect(texts, sample).toContain(sample);
    }
  });

  it('has Arabic for every message the API can send', () => {
    const missing = scan.messages.filter((m) => {
      const ar = arabicMessage(m.text);
      return ar === undefined || !ARABIC.test(ar);
    });
    expect(missing.map((m) => `${m.at}: ${m.text}`)).toEqual([]);
  });

  it('leaves no English words in the Arabic (apart from names, codes and field names)', () => {
    const leftovers: string[] = [];
    for (const text of texts) {
      const ar = arabicMessage(text) ?? '';
      const words = (ar.match(LATIN_WORD) ?? []).filter((w) => !KEPT.has(w) && !text.includes(`"${w}"`));
      if (words.length > 0) leftovers.push(`${text} → ${words.join(', ')}`);
    }
    expect(leftovers).toEqual([]);
  });

  it('keeps amounts and counts in Latin digits', () => {
    expect(arabicMessage('You earned 12.50 points')).toBe('ربحت 12.50 نقطة');
    expect(arabicMessage('Please deposit at least 40.00 points to activate subscription.')).toContain('40.00');
    expect(arabicMessage('Keep watching: the reward is not due yet (1 second left)')).toBe('تابع المشاهدة: لم يحن موعد المكافأة بعد (بقيت ثانية واحدة)');
    expect(arabicMessage('Keep watching: the reward is not due yet (7 seconds left)')).toBe('تابع المشاهدة: لم يحن موعد المكافأة بعد (7 ثوانٍ متبقية)');
    expect(arabicMessage('Announcement sent to 25 users')).toBe('أُرسل الإعلان إلى 25 مستخدم');
    expect(arabicMessage(listCappedMessage('deposits', 12345))).toContain(`${LIST_ALL_MAX} من أصل 12345`);
  });

  it('translates zod’s own messages (schemas without a message of their own)', () => {
    const schema = z.object({ a: z.string(), b: z.number().min(3), c: z.enum(['x', 'y']), d: z.string().max(2), e: z.uuid(), f: z.strictObject({}) });
    const inputs = [{ a: 1 }, { a: 'x', b: 1 }, { a: 'x', b: 4, c: 'z' }, { a: 'x', b: 4, c: 'x', d: 'abc' }, { a: 'x', b: 4, c: 'x', d: 'a', e: 'no' }, { a: 'x', b: 4, c: 'x', d: 'a', e: '00000000-0000-4000-8000-000000000000', f: { k: 1 } }, 'text'];
    for (const input of inputs) {
      const message = schema.safeParse(input).error!.issues[0]!.message;
      const ar = arabicMessage(message);
      expect(ar, message).toMatch(ARABIC);
    }
  });

  it('leaves English as it is and an unknown text untranslated (the check above is what catches it)', () => {
    for (const text of Object.keys(AR_MESSAGES)) expect(translateMessage('en', text)).toBe(text);
    expect(arabicMessage('A brand new English message')).toBeUndefined();
    expect(translateMessage('ar', 'A brand new English message')).toBe('A brand new English message');
    // A pattern whose inner text is unknown is not a translation either.
    expect(arabicMessage('A brand new English message (3 seconds left)')).toBeUndefined();
  });

  it('lists only pass-throughs that are still in the source', () => {
    // Each entry is file:expression; the scan reports an expression it cannot resolve unless it is listed here.
    // A short list, kept short: the shared admin-records service (three entries, each kind's own messages) took it to 20.
    expect(Object.keys(PASS_THROUGH).length).toBeLessThan(24);
    for (const [key, why] of Object.entries(PASS_THROUGH)) expect(why.length, key).toBeGreaterThan(10);
  });
});
