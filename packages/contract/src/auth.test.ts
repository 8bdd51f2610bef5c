import { describe, expect, test } from 'vitest';
import { changePasswordBody, firstMessage, forgotBody, loginBody, registerBody, resetBody } from './auth.js';
import { MSG } from './constants.js';

const msg = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstMessage(r.error as never);
};

describe('the sign-up messages of docs/product.md#validation, in their order', () => {
  const full = { fullName: 'Alice', email: 'alice@example.com', phone: '+971500000000', password: 'long-enough-1' };
  test('sign-up', () => {
    for (const k of ['fullName', 'email', 'phone', 'password'] as const) {
      const { [k]: _, ...rest } = full;
      expect(msg(registerBody, rest)).toBe(MSG.fillAll);
      expect(msg(registerBody, { ...full, [k]: '   ' })).toBe(MSG.fillAll);
    }
    expect(msg(registerBody, { ...full, fullName: 'ab', email: 'bad' })).toBe(MSG.nameMin);
    expect(msg(registerBody, { ...full, email: 'bad@' })).toBe(MSG.invalidEmail);
    expect(msg(registerBody, full)).toBeNull();
    expect(registerBody.parse({ ...full, email: ' Alice@Example.COM ' }).email).toBe('alice@example.com');
  });
  test('login, change, forgot, reset', () => {
    expect(msg(loginBody, { email: 'a@b.co' })).toBe(MSG.fillAll);
    expect(msg(changePasswordBody, { oldPassword: 'x' })).toBe(MSG.fillAll);
    expect(msg(forgotBody, {})).toBe(MSG.forgotEmailRequired);
    expect(msg(resetBody, {})).toBe(MSG.resetPasswordRequired);
  });
});
