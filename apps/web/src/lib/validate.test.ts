// The account forms' client-side checks in both languages (docs/i18n.md): the shared schemas give the product's English
// messages; parseOrToast shows them in the current language, English unchanged: on the fields, and as a toast only
// when no field took the message (docs/product.md#toasts).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { changePasswordBody, firstMessage, forgotBody, loginBody, registerBody, resetBody, updateProfileBody } from '@app/contract';

const shown = vi.hoisted(() => ({ toasts: [] as string[], lang: 'en' as 'en' | 'ar' }));
const arabic = JSON.parse(readFileSync(new URL('../locales/ar/shell.layout.json', import.meta.url), 'utf8')) as Record<string, string>;

vi.mock('./toast', () => ({ toast: { error: (text: string) => shown.toasts.push(text) } }));
// lib/i18n reads its catalogs from the build's virtual modules: here t() reads the shell catalog itself.
vi.mock('./i18n', () => ({
  msg: (id: string) => id,
  t: (id: string) => (shown.lang === 'ar' ? (arabic[id] ?? id) : id),
}));

const { SCHEMA_MESSAGES, parseOrToast } = await import('./validate');

const long = (n: number) => 'x'.repeat(n);
const good = { fullName: 'Amal Said', phone: '+971500001234', email: 'amal@example.com', password: 'journey-pass-1' };
/** Every way the account forms' values can be refused, and the form's schema. */
const REFUSED: [string, z.ZodType, unknown][] = [
  ['register: empty', registerBody, {}],
  ['register: short name', registerBody, { ...good, fullName: 'Al' }],
  ['register: long name', registerBody, { ...good, fullName: long(101) }],
  ['register: long phone', registerBody, { ...good, phone: long(33) }],
  ['register: bad e-mail', registerBody, { ...good, email: 'amal' }],
  ['register: invisible character', registerBody, { ...good, email: 'am\u200bal@example.com' }],
  ['register: short password', registerBody, { ...good, password: 'short' }],
  ['register: long password', registerBody, { ...good, password: long(129) }],
  ['login: empty', loginBody, {}],
  ['forgot: empty', forgotBody, {}],
  ['forgot: bad e-mail', forgotBody, { email: 'amal' }],
  ['reset: empty', resetBody, {}],
  ['reset: short password', resetBody, { password: 'short' }],
  ['change password: empty', changePasswordBody, {}],
  ['change password: short new one', changePasswordBody, { oldPassword: 'old-password', newPassword: 'short' }],
  ['profile: short name', updateProfileBody, { fullName: 'Al', phone: '1' }],
  ['profile: empty phone', updateProfileBody, { fullName: 'Amal Said', phone: '' }],
];

const marked: Record<string, string>[] = [];
/** A form whose fields take every message (`takes`), or none of them (a rule no field of it shows). */
let takes = true;
const fields = {
  mark: (errors: Record<string, string>, unplaced?: string) => {
    marked.push({ ...errors, '*': unplaced ?? '' });
    return takes && Object.keys(errors).length > 0;
  },
};

beforeEach(() => {
  shown.toasts.length = 0;
  marked.length = 0;
  takes = true;
});

describe('the account forms refuse in the current language', () => {
  it.each(REFUSED)('%s: its message is one the shell catalog has in Arabic', (_name, schema, values) => {
    const parsed = schema.safeParse(values);
    expect(parsed.success).toBe(false);
    const message = firstMessage(parsed.error as z.ZodError);
    expect(SCHEMA_MESSAGES).toContain(message);
    expect(arabic[message]).toMatch(/[\u0600-\u06FF]/);
  });

  it('in English, marks the spec message unchanged on its field, with no toast', () => {
    shown.lang = 'en';
    expect(parseOrToast(registerBody, { ...good, fullName: 'Al' }, fields)).toBeNull();
    expect(shown.toasts).toEqual([]);
    expect(marked).toEqual([{ fullName: 'Name should be atleast of 3 characters', '*': 'Name should be atleast of 3 characters' }]);
  });

  it('in Arabic, marks the Arabic text; a message no field takes is a toast', () => {
    shown.lang = 'ar';
    expect(parseOrToast(registerBody, { ...good, email: 'amal' }, fields)).toBeNull();
    expect(shown.toasts).toEqual([]);
    expect(marked).toEqual([{ email: 'البريد الإلكتروني غير صالح', '*': 'البريد الإلكتروني غير صالح' }]);
    takes = false;
    expect(parseOrToast(forgotBody, {}, fields)).toBeNull();
    expect(shown.toasts).toEqual([arabic['email is required to reset password!']]);
  });

  it('without fields to mark, the message is a toast', () => {
    shown.lang = 'en';
    expect(parseOrToast(loginBody, {})).toBeNull();
    expect(shown.toasts).toEqual(['Please fill all the details']);
  });

  it('passes valid values through, clearing the marks', () => {
    expect(parseOrToast(loginBody, { email: 'Amal@Example.com ', password: 'journey-pass-1' }, fields)).toEqual({ email: 'amal@example.com', password: 'journey-pass-1' });
    expect(shown.toasts).toEqual([]);
    expect(marked).toEqual([{ '*': '' }]);
  });
});
