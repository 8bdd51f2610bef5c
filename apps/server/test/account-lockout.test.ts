// Lock-outs, look-alike e-mails, reset limits and a new link voiding the old: the attacks of the outside report,
// performed against the real app, each asserting that it now fails.
// - Lock-out: ten wrong passwords from one address no longer lock the owner out; many addresses slow an account
//   down instead of locking it; 100 failures from one address (behind a proxy, TRUST_PROXY) block only that address.
// - Reset: an attacker's reset requests do not block the victim's reset; e-mails per account are capped; the
//   newest link sent always works; two links used at once never answer 500.
// - Sign-up: SIGNUP_LIMIT_PER_HOUR per client address (its default, 20), an existing e-mail keeps its 409,
//   invisible characters are refused, NFC-equal addresses are one address.
// Client addresses are varied with X-Forwarded-For (the app trusts it: TRUST_PROXY=true).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EMAIL_INVISIBLE } from '@app/contract';
import { mailsTo as mailsToSubject, signUp, startTestApp, waitForMails as waitForMailsOf, type TestContext } from './helpers.js';
import { expectLedgerClean } from './money-helpers.js';
import { resetTokenFrom } from './leak-scan.js';
import { MAX_DELAY_MS, SIGNUP_LIMITED, addressKey, slowdownMs, takeAttempt, throttleBuckets, RESET_MAILS_PER_ACCOUNT } from '../src/services/throttle.js';

const MINUTE = 60_000;
const TOO_MANY = { success: false, message: 'Too many attempts. Please try again later.' };
const INVALID = { success: false, message: 'This reset link is invalid or has expired.' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

/** Requests from one client address (documentation ranges: never contacted, only named in a header). */
const from = (ip: string) => {
  const headers = { 'x-forwarded-for': ip };
  return {
    login: (email: string, password: string, client = ctx.client()) => client.post('/api/v1/user/login', { email, password }, { headers }),
    forgot: (email: string) => ctx.client().post('/api/v1/user/reset', { email }, { headers }),
    reset: (token: string, password: string) => ctx.client().post(`/api/v1/user/reset/${token}`, { password }, { headers }),
  };
};
let ipSeq = 0;
const newIp = (range: '203.0.113' | '198.51.100' = '203.0.113') => `${range}.${++ipSeq}`;

const RESET_SUBJECT = 'Reset your password';
/** Every reset mail sent to `to`, oldest first (other mails, e.g. sign-in notices, are left out). */
const mailsTo = (to: string) => mailsToSubject(ctx, to, RESET_SUBJECT);
/** Waits until `to` has received `n` reset mails (they are sent in the background), then returns them. */
const waitForMails = (to: string, n: number) => waitForMailsOf(ctx, to, RESET_SUBJECT, n);
const count = async (query: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(query)).rows[0].n;

describe('nobody can lock an owner out (item 4)', () => {
  test('ten wrong passwords from one address: that address gets 429, the owner logs in from a second address', async () => {
    const { user, password } = await signUp(ctx);
    const attacker = from(newIp());
    for (let i = 0; i < 10; i++) expect((await attacker.login(user.email, `guess-${i}-xxxx`)).status, `guess ${i + 1}`).toBe(401);
    const eleventh = await attacker.login(user.email, 'guess-11-xxxx');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY);
    // The attacker's address stays refused even with the right password (it cannot confirm a guess)…
    expect((await attacker.login(user.email, password)).status).toBe(429);
    // …while the owner, from their own address, logs in.
    const owner = ctx.client();
    const ok = await from(newIp('198.51.100')).login(user.email, password, owner);
    expect(ok.status, ok.text).toBe(200);
    expect((await owner.get('/api/v1/user/me')).body.user.email).toBe(user.email);
  });

  test('thirty failures from three addresses slow the account down but never lock it: the owner logs in from a fourth', async () => {
    const { user, password } = await signUp(ctx);
    await Promise.all(
      [0, 1, 2].map(async (a) => {
        const attacker = from(newIp());
        for (let i = 0; i < 10; i++) expect((await attacker.login(user.email, `spread-${a}-${i}`)).status, `address ${a + 1}, guess ${i + 1}`).toBe(401);
        expect((await attacker.login(user.email, `spread-${a}-x`)).status).toBe(429);
      }),
    );
    expect(await count(sql`select count(*)::int as n from throttle_events where bucket = ${`login:acct:${user.email}`}`)).toBe(30);
    const ok = await from(newIp('198.51.100')).login(user.email, password);
    expect(ok.status, ok.text).toBe(200);
  });

  test("the slowdown is applied to the account's next attempt from any address, from its 10th failure on", async () => {
    const email = `slow-${randomUUID()}@example.com`;
    const attempt = (ip: string) => takeAttempt(ctx.db, ctx.clock.now, throttleBuckets('login', email, ip));
    const delays: number[] = [];
    // 20 failures from 4 addresses (the attempts are never released: each stays a failure).
    for (let i = 0; i < 20; i++) delays.push((await attempt(`203.0.113.${200 + (i % 4)}`)).delayMs);
    expect(delays.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(delays.slice(10)).toEqual([250, 268, 287, 308, 330, 354, 379, 406, 435, 467]);
    // The owner from a fresh address: slowed (20 failures → 500 ms), not refused.
    const owner = await attempt('198.51.100.250');
    expect(owner.delayMs).toBe(500);
    await owner.release();
  });

  test('the slowdown: none before 10 failures, then 250 ms doubling every 10 failures, never more than 5 s', () => {
    expect([0, 5, 9].map(slowdownMs)).toEqual([0, 0, 0]);
    expect([10, 20, 30, 40].map(slowdownMs)).toEqual([250, 500, 1000, 2000]);
    for (let n = 10; n < 200; n++) expect(slowdownMs(n + 1)).toBeGreaterThanOrEqual(slowdownMs(n));
    expect(slowdownMs(1_000_000)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(5000);
  });

  test('behind a proxy (TRUST_PROXY): 100 failures from one address block that address only, not other accounts elsewhere', async () => {
    ctx.clock.advance(16 * MINUTE); // a fresh window
    const sprayer = from(newIp());
    const other = await signUp(ctx);
    for (let t = 0; t < 10; t++) {
      const email = `spray-${randomUUID()}@example.com`;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sprayer.login(email, `guess-${i}-xxxx`)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    // The 101st from that address → 429, whichever account.
    expect((await sprayer.login(other.user.email, other.password)).status).toBe(429);
    // Everybody else is unaffected.
    expect((await from(newIp('198.51.100')).login(other.user.email, other.password)).status).toBe(200);
    const third = await signUp(ctx);
    expect((await from(newIp('198.51.100')).login(third.user.email, third.password)).status).toBe(200);
  });

  test('IPv6: addresses of one /64 network count as one client address (a subscriber holds the whole /64)', async () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));

    const { user, password } = await signUp(ctx);
    for (let i = 0; i < 10; i++) expect((await from(`2001:db8:77:1::${i + 1}`).login(user.email, `v6-guess-${i}`)).status).toBe(401);
    // A fresh address of the same /64 is the same client: refused.
    expect((await from('2001:db8:77:1:dead:beef:0:1').login(user.email, password)).status).toBe(429);
    // Another /64 is another client.
    expect((await from('2001:db8:77:2::1').login(user.email, password)).status).toBe(200);
  });

  test('a successful reset clears the failures held against the account (the owner proved control of the mailbox)', async () => {
    const { user, password } = await signUp(ctx);
    const shared = from(newIp()); // e.g. the owner and the attacker behind one NAT address
    for (let i = 0; i < 10; i++) expect((await shared.login(user.email, `guess-${i}-xxxx`)).status).toBe(401);
    expect((await shared.login(user.email, password)).status).toBe(429);
    expect((await shared.forgot(user.email)).status).toBe(200);
    const [mail] = await waitForMails(user.email, 1);
    expect((await shared.reset(resetTokenFrom(mail), 'owner-new-pass-1')).status).toBe(200);
    expect((await shared.login(user.email, 'owner-new-pass-1')).status).toBe(200);
  });
});

describe('resets cannot be blocked by an attacker (item 4)', () => {
  test("ten reset requests from an attacker: the victim's own request is answered and the newest link sent works", async () => {
    const { user } = await signUp(ctx);
    const attacker = from(newIp());
    for (let i = 0; i < 10; i++) {
      const res = await attacker.forgot(user.email);
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expect((await attacker.forgot(user.email)).status).toBe(429); // the attacker's address, for this e-mail
    // E-mails per account are capped: the victim's mailbox is not flooded.
    const mails = await waitForMails(user.email, RESET_MAILS_PER_ACCOUNT);
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    expect(await count(sql`select count(*)::int as n from password_resets where user_id = ${user._id}`)).toBe(RESET_MAILS_PER_ACCOUNT);

    // The victim asks too, from their own address: same answer as always (no 429).
    const victim = from(newIp('198.51.100'));
    const asked = await victim.forgot(user.email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, message: 'If an account exists for this e-mail, a reset link has been sent to it.' });
    // The newest link in the mailbox works.
    const newest = resetTokenFrom((await mailsTo(user.email)).at(-1)!);
    const reset = await victim.reset(newest, 'victim-new-pass-1');
    expect(reset.status, reset.text).toBe(200);
    expect((await victim.login(user.email, 'victim-new-pass-1')).status).toBe(200);
  });

  test('the cap does not refuse the owner forever: after the window, a new link is sent again', async () => {
    const { user } = await signUp(ctx);
    const attacker = from(newIp());
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 2; i++) expect((await attacker.forgot(user.email)).status).toBe(200);
    expect(await waitForMails(user.email, RESET_MAILS_PER_ACCOUNT)).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    ctx.clock.advance(16 * MINUTE);
    expect((await from(newIp('198.51.100')).forgot(user.email)).status).toBe(200);
    const mails = await waitForMails(user.email, RESET_MAILS_PER_ACCOUNT + 1);
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT + 1);
    expect((await from(newIp('198.51.100')).reset(resetTokenFrom(mails.at(-1)!), 'owner-new-pass-2')).status).toBe(200);
  });

  test('a new reset link voids the earlier ones (item 9)', async () => {
    const { user, password } = await signUp(ctx);
    const me = from(newIp('198.51.100'));
    expect((await me.forgot(user.email)).status).toBe(200);
    const [first] = await waitForMails(user.email, 1);
    expect((await me.forgot(user.email)).status).toBe(200);
    const mails = await waitForMails(user.email, 2);
    const [oldToken, newToken] = [resetTokenFrom(first), resetTokenFrom(mails[1])];
    expect(oldToken).not.toBe(newToken);
    const old = await me.reset(oldToken, 'attacker-pass-1');
    expect(old.status).toBe(400);
    expect(old.body).toEqual(INVALID);
    expect((await me.login(user.email, password)).status).toBe(200); // nothing changed
    expect((await me.reset(newToken, 'owner-new-pass-3')).status).toBe(200);
  });
});

describe('two reset links of one user used at once (item 8)', () => {
  test('20 rounds: one wins, the other gets 400 with the clear message, never a 500', async () => {
    for (let round = 0; round < 20; round++) {
      const { user } = await signUp(ctx);
      const me = from(newIp('198.51.100'));
      expect((await me.forgot(user.email)).status).toBe(200);
      const [mail] = await waitForMails(user.email, 1);
      const a = resetTokenFrom(mail);
      // A second live link, as every database holds from before a new link voided the earlier ones.
      const b = `second-link-${randomUUID()}`;
      await ctx.db.execute(sql`insert into password_resets (token_hash, user_id, expires_at)
        values (encode(sha256(${b}::bytea), 'hex'), ${user._id}, now() + interval '30 minutes')`);
      const answers = await Promise.all([me.reset(a, `password-a-${round}`), me.reset(b, `password-b-${round}`)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, `round ${round + 1}: ${answers.map((r) => r.text).join(' | ')}`).toEqual([200, 400]);
      expect(answers.find((r) => r.status === 400)!.body).toEqual(INVALID);
      const winner = answers[0].status === 200 ? `password-a-${round}` : `password-b-${round}`;
      expect((await me.login(user.email, winner)).status).toBe(200);
    }
  });

  test('one link used twice at once, and a link used while a new one is asked for: never a 500', async () => {
    for (let round = 0; round < 10; round++) {
      const { user } = await signUp(ctx);
      const me = from(newIp('198.51.100'));
      expect((await me.forgot(user.email)).status).toBe(200);
      const [mail] = await waitForMails(user.email, 1);
      const token = resetTokenFrom(mail);
      const twice = await Promise.all([me.reset(token, 'same-link-1'), me.reset(token, 'same-link-2')]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);

      expect((await me.forgot(user.email)).status).toBe(200);
      const mails = await waitForMails(user.email, 2);
      const [used, asked] = await Promise.all([me.reset(resetTokenFrom(mails[1]), 'racing-pass-1'), me.forgot(user.email)]);
      expect([200, 400]).toContain(used.status);
      expect(asked.status).toBe(200);
    }
  });
});

describe('sign-up (item 6)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    // The setting left at its default (startTestApp turns it off for the other suites).
    limited = await startTestApp({ TRUST_PROXY: 'true', SIGNUP_LIMIT_PER_HOUR: undefined } as unknown as Record<string, string>);
  });
  afterAll(async () => {
    await expectLedgerClean(limited);
    await limited.close();
  });
  const register = (ip: string, email = `new-${randomUUID()}@example.com`) =>
    limited.client().post('/api/v1/user/register', { fullName: 'New Person', email, phone: '+971500000000', password: 'long-enough-1' }, { headers: { 'x-forwarded-for': ip } });
  const users = async () => (await limited.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0].n;

  test('the default is 20 accounts per client address and hour: the 21st → 429 and no account; other addresses still sign up', async () => {
    expect(limited.config.SIGNUP_LIMIT_PER_HOUR).toBe(20);
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await register(ip)).status, `sign-up ${i + 1}`).toBe(201);
    const before = await users();
    const refused = await register(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: SIGNUP_LIMITED });
    expect(refused.headers.get('set-cookie') ?? '').not.toContain('sid=');
    expect(await users()).toBe(before);
    expect((await register(newIp('198.51.100'))).status).toBe(201);
    limited.clock.advance(61 * MINUTE);
    expect((await register(ip)).status).toBe(201);
  });

  test('30 sign-ups at once from one address: exactly 20 accounts', async () => {
    limited.clock.advance(61 * MINUTE);
    const ip = newIp();
    const before = await users();
    const answers = await Promise.all(Array.from({ length: 30 }, () => register(ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await users()).toBe(before + 20);
  });

  test('an existing e-mail keeps its 409, and a refused sign-up does not use up a place', async () => {
    limited.clock.advance(61 * MINUTE);
    const ip = newIp();
    const taken = `taken-${randomUUID()}@example.com`;
    expect((await register(ip, taken)).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const again = await register(ip, taken);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'An account with this e-mail already exists' });
    }
    for (let i = 0; i < 19; i++) expect((await register(ip)).status, `sign-up ${i + 2}`).toBe(201);
    expect((await register(ip)).status).toBe(429);
  });

  test('e-mails with invisible or direction-control characters are refused with a clear message; nothing is stored', async () => {
    const ip = newIp('198.51.100');
    const before = await users();
    for (const email of ['vic\u200Btim@example.com', '\u202Emoc.elpmaxe@mitciv', 'victim\u200E@example.com', 'victim@exa\u2066mple.com', 'vi\u00ADctim@example.com']) {
      const res = await register(ip, email);
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body).toEqual({ success: false, message: EMAIL_INVISIBLE });
    }
    expect(await users()).toBe(before);
  });

  test('e-mails are NFC-normalised: the decomposed spelling of a taken address is the same address (409), and logs in', async () => {
    const suffix = randomUUID().slice(0, 8);
    const composed = `jos\u00E9-${suffix}@example.com`;
    const decomposed = `jose\u0301-${suffix}@example.com`;
    expect((await register(newIp('198.51.100'), composed)).status).toBe(201);
    const dup = await register(newIp('198.51.100'), decomposed);
    expect(dup.status).toBe(409);
    const login = await limited.client().post('/api/v1/user/login', { email: decomposed.toUpperCase(), password: 'long-enough-1' });
    expect(login.status, login.text).toBe(200);
    expect(login.body.user.email).toBe(composed);
  });
});
