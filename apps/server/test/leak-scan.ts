// Proves at the end of a test file that no response its Clients received carried a password hash or a session /
// reset token hash (docs/product.md#api-conventions). The Clients of a TestContext record every response themselves (ctx.responses,
// test/helpers.ts), so the scan depends on no patch an earlier test installed; and before scanning it runs the calls
// that handle those secrets (sign-up, login, profile, password change and reset, logout), so the scan run alone
// (`-t "no response"`) still scans responses that would carry them. Hashes are collected from the database and from
// every session cookie seen.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { signUp, type TestContext } from './helpers.js';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/** The calls that create, use, change or end a password, a session or a reset token; returns how many responses. */
async function exerciseSecretRoutes(ctx: TestContext): Promise<number> {
  const before = ctx.responses.length;
  const { client, user, password } = await signUp(ctx);
  await client.get('/api/v1/user/me');
  await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'leak-scan-pass-2' });
  const again = ctx.client();
  await again.post('/api/v1/user/login', { email: user.email, password: 'leak-scan-pass-2' });
  await again.post('/api/v1/user/login', { email: user.email, password: 'wrong-password-1' });
  await again.post('/api/v1/user/reset', { email: user.email });
  await again.get('/api/v1/user/me');
  await again.post('/api/v1/user/logout');
  return ctx.responses.length - before;
}

/**
 * Runs the secret-handling calls, then asserts that no response recorded in `ctx` (the file's own and those) carries
 * a stored hash or "$argon2". Fails when the calls' responses were not recorded (a Client not made by ctx.client()).
 */
export async function assertNoSecretsLeaked(ctx: TestContext): Promise<void> {
  const exercised = await exerciseSecretRoutes(ctx);
  expect(exercised, 'the leak scan\'s own calls were not recorded in ctx.responses').toBeGreaterThanOrEqual(8);
  const rows = await ctx.db.execute<{ v: string }>(sql`
    select token_hash as v from sessions
    union all select token_hash from password_resets
    union all select password_hash from users`);
  const secrets = new Set<string>(rows.rows.map((r) => r.v));
  // A session token seen in a cookie: its hash is what the database held (even after it was deleted).
  for (const r of ctx.responses) {
    for (const c of r.setCookies) {
      const m = /^sid=([^;]+)/.exec(c);
      if (m) secrets.add(sha256(m[1]));
    }
  }
  expect(secrets.size).toBeGreaterThan(0);
  for (const r of ctx.responses) {
    expect(r.text, `${r.call} carries an argon2 hash`).not.toContain('$argon2');
    for (const s of secrets) expect(r.text.includes(s), `${r.call} carries a stored hash`).toBe(false);
  }
}

/** The token of the reset link in an e-mail (the path's last segment). */
export function resetTokenFrom(mail: string): string {
  // Quoted-printable may wrap long lines with "=\n"; undo that first.
  const text = mail.replace(/=\r?\n/g, '');
  const m = /\/user\/profile\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in the mail:\n${mail}`);
  return m[1];
}

export const sha256Hex = sha256;
