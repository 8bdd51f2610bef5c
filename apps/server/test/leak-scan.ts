// Records the raw text (body and headers) of every response a test file's Clients receive, so the file
// can prove at its end that no response carried a password hash or a session / reset token hash
// (DESIGN §3). Hashes are collected from the database and from every session cookie and reset link seen.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Client, type TestContext } from './helpers.js';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

export interface ResponseRecorder {
  /** Every response text seen so far, each prefixed by the call that produced it. */
  responses: { call: string; text: string }[];
  /** Hashes that must never appear in a response (beyond those still in the database). */
  extraSecrets: Set<string>;
  /** Reads the current hashes from the database and asserts none of them, nor "$argon2", appears anywhere. */
  assertNoSecretsLeaked(ctx: TestContext): Promise<void>;
}

/** Patches Client so every response is recorded; call once per test file (before the first request). */
export function recordResponses(): ResponseRecorder {
  const responses: { call: string; text: string }[] = [];
  const extraSecrets = new Set<string>();
  const original = Client.prototype.request;
  Client.prototype.request = async function (this: Client, method, pathname, body, opts) {
    const res = await original.call(this, method, pathname, body, opts);
    const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
    responses.push({ call: `${method} ${pathname} → ${res.status}`, text: `${headers}\n\n${res.text}` });
    // A session token seen in a cookie: its hash is what the database holds (even after it is deleted).
    for (const c of res.headers.getSetCookie()) {
      const m = /^sid=([^;]+)/.exec(c);
      if (m) extraSecrets.add(sha256(m[1]));
    }
    return res;
  } as typeof original;

  return {
    responses,
    extraSecrets,
    async assertNoSecretsLeaked(ctx) {
      const rows = await ctx.db.execute<{ v: string }>(sql`
        select token_hash as v from sessions
        union all select token_hash from password_resets
        union all select password_hash from users`);
      const secrets = new Set<string>([...extraSecrets, ...rows.rows.map((r) => r.v)]);
      expect(responses.length).toBeGreaterThan(0);
      expect(secrets.size).toBeGreaterThan(0);
      for (const r of responses) {
        expect(r.text, `${r.call} carries an argon2 hash`).not.toContain('$argon2');
        for (const s of secrets) expect(r.text.includes(s), `${r.call} carries a stored hash`).toBe(false);
      }
    },
  };
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
