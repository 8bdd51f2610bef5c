// E-mail addresses with invisible or direction-control characters are refused with a clear
// message; every e-mail is NFC-normalised before it is compared (the web forms use these same schemas).
import { describe, expect, test } from 'vitest';
import { EMAIL_INVISIBLE, firstMessage, forgotBody, loginBody, normaliseEmail, registerBody } from './auth.js';
import { adminPointsBody, adminListQuery } from './admin.js';
import { transferBody } from './points.js';
import { z } from 'zod';

const full = { fullName: 'Alice', email: 'alice@example.com', phone: '+971500000000', password: 'long-enough-1' };
const msg = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstMessage(r.error);
};

// Each looks like (or hides inside) alice@example.com.
const INVISIBLE: Record<string, string> = {
  'zero-width space': 'ali\u200Bce@example.com',
  'zero-width non-joiner': 'alice\u200C@example.com',
  'zero-width joiner': 'alice@exa\u200Dmple.com',
  'word joiner': 'alice@example\u2060.com',
  'BOM inside': 'al\uFEFFice@example.com',
  'soft hyphen': 'ali\u00ADce@example.com',
  'left-to-right mark': '\u200Ealice@example.com',
  'right-to-left mark': 'alice@example.com\u200F',
  'right-to-left override': '\u202Emoc.elpmaxe@ecila',
  'left-to-right embedding': 'alice\u202A@example.com',
  'first-strong isolate': 'alice@\u2068example.com\u2069',
  'arabic letter mark': 'alice\u061C@example.com',
  'mongolian vowel separator': 'alice\u180E@example.com',
  'variation selector': 'alice\uFE0F@example.com',
  'hangul filler': 'alice\u3164@example.com',
  'combining grapheme joiner': 'alice\u034F@example.com',
  'tag character': 'alice\u{E0041}@example.com',
  'line separator': 'alice\u2028@example.com',
  'control character': 'alice\u0007@example.com',
};

describe('invisible and direction-control characters are refused with a clear message', () => {
  for (const [name, email] of Object.entries(INVISIBLE)) {
    test(`${name}: sign-up and forgot-password refuse it`, () => {
      expect(msg(registerBody, { ...full, email })).toBe(EMAIL_INVISIBLE);
      expect(msg(forgotBody, { email })).toBe(EMAIL_INVISIBLE);
    });
  }
  test('ordinary addresses, international ones included, still pass', () => {
    for (const email of ['alice@example.com', 'a.b+tag@sub.example.co', 'josé@exämple.com', 'пользователь@пример.рф', '用户@例子.中国']) {
      expect(msg(registerBody, { ...full, email }), email).toBeNull();
    }
  });
});

describe('NFC normalisation before comparison', () => {
  const composed = 'jos\u00E9@example.com'; // é as one code point
  const decomposed = 'jose\u0301@example.com'; // e + combining acute
  test('the two spellings of one address become the same text everywhere an e-mail is compared', () => {
    expect(composed).not.toBe(decomposed);
    expect(normaliseEmail(decomposed)).toBe(composed);
    expect(registerBody.parse({ ...full, email: decomposed }).email).toBe(composed);
    expect(forgotBody.parse({ email: decomposed }).email).toBe(composed);
    expect(loginBody.parse({ email: decomposed, password: 'x' }).email).toBe(composed);
    expect(transferBody.parse({ recipientEmail: decomposed, points: '1' }).recipientEmail).toBe(composed);
    expect(adminPointsBody.parse({ email: decomposed, points: '1' }).email).toBe(composed);
    expect(adminListQuery(z.enum(['pending'])).parse({ email: decomposed.toUpperCase() }).email).toBe(composed);
    expect(registerBody.parse({ ...full, refer: decomposed }).refer).toBe(composed);
  });
  test('upper case decomposed is the same address too', () => {
    expect(registerBody.parse({ ...full, email: ' JOSE\u0301@EXAMPLE.COM ' }).email).toBe(composed);
  });
});
