// Every API route × every kind of caller (anonymous, USER, subscriber, ADMIN, SADMIN), each with its exact
// expected status (docs/product.md#security-rules). The table must cover every route in app.routeTable: a route without an entry
// fails the first test, which names it. (guards.test.ts keeps its own anonymous/USER table; the last test
// here cross-checks that the two agree, so neither can drift.)
//
// Requests are "valid enough" that the status shows authorisation: where a caller is allowed, the answer is
// the route's own (200, a 400 for an empty body, a 404 for a random id, 409...). Where a caller is refused
// (401/403), the request is the harmful one when the route has one — a USER asks to add points to themselves,
// to promote or delete a real user, to approve a real deposit — and nothing may move: the money fingerprint
// (every balance, every ledger row), checkLedger, the users, deposits, withdrawals and videos are unchanged.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { expectLedgerClean, fund, moneySnapshot, txHash } from './money-helpers.js';
import { openSse } from './sse.js';

const ROLES = ['anonymous', 'USER', 'subscriber', 'ADMIN', 'SADMIN'] as const;
type Who = (typeof ROLES)[number];
/** Expected status for [anonymous, USER, subscriber, ADMIN, SADMIN]. */
type Statuses = [number, number, number, number, number];

interface Actor {
  role: Who;
  client: Client;
  id: string;
  email: string;
  password: string;
}

/** Real records a refused caller aims at: if a guard failed, they would change. */
interface Targets {
  victim: { id: string; email: string };
  depositId: string;
  withdrawalId: string;
  videoId: string;
}

interface Req {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
}

interface Entry {
  want: Statuses;
  /** The request of a caller who is allowed (default: random ids, `{}` body for POST/PUT/DELETE). */
  probe?: (me: Actor, t: Targets) => Req;
  /** The request of a caller who is refused (401/403): the harmful one (default: the probe). */
  attack?: (me: Actor, t: Targets) => Req;
  /** An event stream: opened as a browser's EventSource would, and closed once its answer's head arrived. */
  stream?: true;
}

const nobody = () => `nobody-${randomUUID()}@example.com`;
const VALID_VIDEO = { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 1, time: 1 };

const PUBLIC_200: Statuses = [200, 200, 200, 200, 200];
const PUBLIC_400: Statuses = [400, 400, 400, 400, 400];
const LOGGED_IN_200: Statuses = [401, 200, 200, 200, 200];
const ADMIN_200: Statuses = [401, 403, 403, 200, 200];
const ADMIN_404: Statuses = [401, 403, 403, 404, 404];
const SADMIN_200: Statuses = [401, 403, 403, 403, 200];

export const MATRIX: Record<string, Entry> = {
  // Public: the same answer for everyone (the body `{}` is a 400 naming the missing field).
  'GET /api/v1/health': { want: PUBLIC_200 },
  'GET /api/v1/config': { want: PUBLIC_200 },
  'POST /api/v1/user/register': { want: PUBLIC_400 },
  'POST /api/v1/user/login': { want: PUBLIC_400 },
  'GET /api/v1/user/logout': { want: PUBLIC_200 },
  'POST /api/v1/user/logout': { want: PUBLIC_200 },
  'POST /api/v1/user/reset': { want: PUBLIC_400 },
  'POST /api/v1/user/reset/:resetToken': { want: PUBLIC_400 },
  // Prometheus metrics: decided by the caller's address or bearer token, never by the session (docs/security.md#metrics).
  // The matrix calls from loopback, which the default METRICS_ALLOW lists; metrics.test.ts checks the refusals.
  'GET /metrics': { want: PUBLIC_200 },

  // Any logged-in user.
  'GET /api/v1/user/me': { want: LOGGED_IN_200 },
  'GET /api/v1/user/point': { want: LOGGED_IN_200 },
  // Someone else's profile: refused to everybody, admins included (only one's own profile).
  'POST /api/v1/user/update/:id': {
    want: [401, 403, 403, 403, 403],
    probe: (_me, t) => ({ params: { id: t.victim.id }, body: { fullName: 'Hijacked Name', phone: '000' } }),
  },
  'POST /api/v1/user/change-password': { want: [401, 400, 400, 400, 400] },
  // The caller's own language: `{}` names none → 400 for anyone logged in.
  'PUT /api/v1/user/language': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/user/statement': { want: LOGGED_IN_200 },
  'GET /api/v1/user/statement.csv': { want: LOGGED_IN_200 },
  'GET /api/v1/user/referrals': { want: LOGGED_IN_200 },
  // Notifications: each caller's own list, read mark (`{}` names nothing: 400) and live stream.
  'GET /api/v1/notifications': { want: LOGGED_IN_200 },
  'POST /api/v1/notifications/read': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/notifications/stream': { want: LOGGED_IN_200, stream: true },
  // An unknown recipient: 404 for every logged-in caller, and no money can move.
  'POST /api/v1/point/transfer': {
    want: [401, 404, 404, 404, 404],
    probe: () => ({ body: { recipientEmail: nobody(), points: 1 } }),
    attack: (_me, t) => ({ body: { recipientEmail: t.victim.email, points: 1 } }),
  },
  // The transfer page's recipient look-up: an unknown e-mail is the one refusal (404) for any logged-in caller.
  'POST /api/v1/user/lookup-recipient': { want: [401, 404, 404, 404, 404], probe: () => ({ body: { email: nobody() } }), attack: (_me, t) => ({ body: { email: t.victim.email } }) },
  'GET /api/v1/user/recent-recipients': { want: LOGGED_IN_200 },
  // USER / admins have less than the minimum balance → 400; the subscriber is already subscribed → 409.
  'POST /api/v1/subscription/activate-with-points': { want: [401, 400, 409, 400, 400] },
  // `{}` → "Please enter a subscription code" for anyone logged in (the subscriber too: the body is read first).
  'POST /api/v1/subscription/apply-code': { want: [401, 400, 400, 400, 400] },
  // An allowed admin's probe is a refused body (an array), so the matrix makes no code; a refused caller sends `{}`.
  'POST /api/v1/subscription/add-code': { want: [401, 403, 403, 400, 400], probe: () => ({ body: [] }), attack: () => ({ body: {} }) },
  'GET /api/v1/subscription/all-codes': { want: ADMIN_200 },
  'POST /api/v1/deposit/deposit': { want: [401, 400, 400, 400, 400] },
  // Chain deposits (off here): `{}` → "Amount is required"; someone else's / no request → 404.
  'POST /api/v1/deposit/request': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/deposit/request/:id': { want: [401, 404, 404, 404, 404] },
  // Per-user deposit addresses are off here (no TRON_XPUB): any logged-in caller gets the 409 saying so.
  'GET /api/v1/deposit/address': { want: [401, 409, 409, 409, 409] },
  'GET /api/v1/deposit/my-deposits': { want: LOGGED_IN_200 },
  'POST /api/v1/withdraw': {
    want: [401, 400, 400, 400, 400],
    probe: () => ({ body: { amount: 1_000_000, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' } }), // more than anyone has
  },
  'GET /api/v1/withdraw/my-withdrawals': { want: LOGGED_IN_200 },
  'GET /api/v1/withdraw/rules': { want: LOGGED_IN_200 },

  // Account security. The second sign-in step and passkey sign-in are public (`{}` → 400).
  'POST /api/v1/user/login/2fa': { want: PUBLIC_400 },
  'POST /api/v1/user/login/passkey/options': { want: PUBLIC_200 },
  'POST /api/v1/user/login/passkey': { want: PUBLIC_400 },
  // Sudo mode: no actor here re-entered its password, so every change of how one signs in is a 403 for
  // every role (the body is not read); the re-authentication itself answers `{}` with 400 "Enter your password".
  'POST /api/v1/user/reauth': { want: [401, 400, 400, 400, 400] },
  'POST /api/v1/user/2fa/setup': { want: [401, 403, 403, 403, 403] },
  'POST /api/v1/user/2fa/enable': { want: [401, 403, 403, 403, 403] },
  // The body may carry the password (then it is its own re-authentication), so sudo is checked after it: `{}` → 400.
  'POST /api/v1/user/2fa/disable': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/user/passkeys': { want: LOGGED_IN_200 },
  'POST /api/v1/user/passkeys/options': { want: [401, 403, 403, 403, 403] },
  'POST /api/v1/user/passkeys': { want: [401, 403, 403, 403, 403] },
  // Only one's own passkeys and sessions: a random id is nobody's (404), never someone else's.
  'PUT /api/v1/user/passkeys/:id': { want: [401, 404, 404, 404, 404], probe: () => ({ params: { id: randomUUID() }, body: { name: 'Renamed' } }) },
  'DELETE /api/v1/user/passkeys/:id': { want: [401, 403, 403, 403, 403] },
  'GET /api/v1/user/sessions': { want: LOGGED_IN_200 },
  'DELETE /api/v1/user/sessions/:id': { want: [401, 404, 404, 404, 404] },
  'DELETE /api/v1/user/sessions': { want: LOGGED_IN_200 },
  'GET /api/v1/user/login-history': { want: LOGGED_IN_200 },

  // Subscribers, and admins (who manage videos); an unsubscribed admin is still not paid rewards.
  'GET /api/v1/video': { want: [401, 403, 200, 200, 200] },
  'GET /api/v1/video/:id': { want: [401, 403, 404, 404, 404], attack: (_me, t) => ({ params: { id: t.videoId } }) },
  'POST /api/v1/video/add-point': {
    want: [401, 403, 404, 403, 403],
    probe: () => ({ body: { videoId: randomUUID() } }),
    attack: (_me, t) => ({ body: { videoId: t.videoId, point: 1000 } }),
  },

  // Admins.
  'GET /api/v1/user/all': { want: ADMIN_200 },
  'PUT /api/v1/user/:id/update-role': {
    want: ADMIN_404,
    probe: () => ({ params: { id: randomUUID() }, body: { role: 'ADMIN' } }),
    attack: (_me, t) => ({ params: { id: t.victim.id }, body: { role: 'ADMIN' } }),
  },
  'DELETE /api/v1/user/:id/delete-user': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.victim.id } }) },
  'GET /api/v1/admin/stats/users': { want: ADMIN_200 },
  'GET /api/v1/admin/closed-accounts': { want: ADMIN_200 },
  'GET /api/v1/admin/dashboard': { want: ADMIN_200 },
  'POST /api/v1/video': { want: [401, 403, 403, 400, 400], attack: () => ({ body: VALID_VIDEO }) },
  'PUT /api/v1/video/:id': {
    want: ADMIN_404,
    probe: () => ({ params: { id: randomUUID() }, body: VALID_VIDEO }),
    attack: (_me, t) => ({ params: { id: t.videoId }, body: { ...VALID_VIDEO, point: 999 } }),
  },
  'DELETE /api/v1/video/:id': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.videoId } }) },
  'GET /api/v1/deposit/deposit': { want: ADMIN_200 },
  'POST /api/v1/deposit/deposit/:id': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.depositId } }) },
  'DELETE /api/v1/deposit/deposit/:id': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.depositId } }) },
  'GET /api/v1/deposit/unmatched': { want: ADMIN_200 },
  'GET /api/v1/deposit/addresses': { want: ADMIN_200 },
  'GET /api/v1/deposit/addresses.csv': { want: ADMIN_200 },
  // A refused caller would reset the operator's sweep totals (the attack); an admin's probe has no time: 400.
  'POST /api/v1/deposit/addresses/sweep': { want: [401, 403, 403, 400, 400], attack: () => ({ body: { at: new Date().toISOString() } }) },
  // A refused caller asks to credit an unmatched transfer to themselves; an admin's probe names no transfer.
  'POST /api/v1/deposit/unmatched/:id/assign': { want: ADMIN_404, probe: (me) => ({ params: { id: '1' }, body: { email: me.email } }) },
  'POST /api/v1/deposit/unmatched/:id/dismiss': { want: ADMIN_404, probe: () => ({ params: { id: '1' } }) },
  'GET /api/v1/withdraw': { want: ADMIN_200 },
  'GET /api/v1/withdraw/desk': { want: ADMIN_200 },
  'GET /api/v1/withdraw/approved.csv': { want: ADMIN_200 },
  'POST /api/v1/withdraw/:id': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.withdrawalId } }) },
  'DELETE /api/v1/withdraw/:id': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.withdrawalId } }) },
  'POST /api/v1/withdraw/:id/approve': { want: ADMIN_404, attack: (_me, t) => ({ params: { id: t.withdrawalId } }) },
  'POST /api/v1/withdraw/:id/payout': {
    want: ADMIN_404,
    probe: () => ({ body: { transactionId: 'ab'.repeat(32) } }),
    attack: (_me, t) => ({ params: { id: t.withdrawalId }, body: { transactionId: 'ab'.repeat(32) } }),
  },
  'POST /api/v1/adpoint/addpoint': {
    want: ADMIN_404,
    probe: () => ({ body: { email: nobody(), points: 5 } }),
    attack: (me) => ({ body: { email: me.email || 'admin@example.com', points: 500 } }),
  },
  'POST /api/v1/adpoint/removepoint': {
    want: ADMIN_404,
    probe: () => ({ body: { email: nobody(), points: 5 } }),
    attack: (_me, t) => ({ body: { email: t.victim.email, points: 5 } }),
  },

  // Super admin only.
  'GET /api/v1/admin/audit': { want: SADMIN_200 },
  // A user's own admin page: a member asking about another member is refused before anything is read.
  'GET /api/v1/admin/users/:id': { want: ADMIN_200, probe: (_me, t) => ({ params: { id: t.victim.id } }) },
  'GET /api/v1/admin/go-live': { want: SADMIN_200 },
  'GET /api/v1/admin/ledger-check': { want: SADMIN_200 },
  // Platform settings: every admin reads them; only the super admin changes them (`{}` names no setting: 400).
  'GET /api/v1/settings': { want: ADMIN_200 },
  // Notification e-mail: own preferences (`{}` names none: 400); the unsubscribe link needs its signed
  // token, not a session (none given: 400 for everyone); announcements are the admins' (`{}` → 400).
  'GET /api/v1/notifications/preferences': { want: LOGGED_IN_200 },
  'PUT /api/v1/notifications/preferences': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/notifications/unsubscribe': { want: PUBLIC_400 },
  'POST /api/v1/notifications/unsubscribe': { want: PUBLIC_400 },
  'POST /api/v1/admin/announcements': { want: [401, 403, 403, 400, 400], attack: () => ({ body: { audience: 'all', title: 'Phishing', body: 'Send your password to phish@evil.example', email: true } }) },
  'GET /api/v1/admin/announcements': { want: ADMIN_200 },

  // Support: each caller's own tickets (someone else's, or a random id, is a 404: never disclosed); `{}` → 400.
  'GET /api/v1/support/tickets': { want: LOGGED_IN_200 },
  'POST /api/v1/support/tickets': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/support/tickets/:id': { want: [401, 404, 404, 404, 404] },
  'POST /api/v1/support/tickets/:id/messages': { want: [401, 400, 400, 400, 400] },
  'POST /api/v1/support/tickets/:id/close': { want: [401, 404, 404, 404, 404] },
  'POST /api/v1/support/tickets/:id/reopen': { want: [401, 404, 404, 404, 404] },
  'GET /api/v1/support/attachments/:id': { want: [401, 404, 404, 404, 404] },
  // The desk: admins only; a USER's attack is an internal note and an answer on a random ticket.
  'GET /api/v1/admin/support/tickets': { want: ADMIN_200 },
  'GET /api/v1/admin/support/tickets/:id': { want: ADMIN_404 },
  'POST /api/v1/admin/support/tickets/:id/messages': { want: ADMIN_404, probe: () => ({ body: { message: 'Answer', internal: true } }) },
  'POST /api/v1/admin/support/tickets/:id/assign': { want: ADMIN_404 },
  'POST /api/v1/admin/support/tickets/:id/close': { want: ADMIN_404 },

  // Identity checks: each caller's own; the review desk is the admins', the form the super admin's.
  'GET /api/v1/kyc': { want: LOGGED_IN_200 },
  'POST /api/v1/kyc/submissions': { want: [401, 400, 400, 400, 400] },
  'GET /api/v1/kyc/documents/:id': { want: [401, 404, 404, 404, 404] },
  'GET /api/v1/admin/kyc/submissions': { want: ADMIN_200 },
  'POST /api/v1/admin/kyc/submissions/:id/review': { want: ADMIN_404, probe: () => ({ body: { decision: 'approve' } }) },
  'GET /api/v1/admin/kyc/form': { want: SADMIN_200 },
  'PUT /api/v1/admin/kyc/form': { want: [401, 403, 403, 403, 400] },
  'PUT /api/v1/settings': { want: [401, 403, 403, 403, 400], attack: () => ({ body: { depositAddress: `T${'Z'.repeat(33)}`, supportEmail: 'phish@evil.example' } }) },
};

let ctx: TestContext;
const actors = {} as Record<Who, Actor>;
let targets: Targets;
let before: { money: string; state: string };

/** Everything a refused call could have touched besides money. */
async function stateFingerprint(): Promise<string> {
  const r = await ctx.db.execute<{ s: string }>(sql`
    select concat_ws('|',
      (select string_agg(concat_ws(':', id, role, full_name, phone, deleted_at, subscribed_at, password_hash), ',' order by id) from users),
      (select string_agg(concat_ws(':', id, deposited, hidden_at, version), ',' order by id) from deposits),
      (select string_agg(concat_ws(':', id, withdrawed, hidden_at), ',' order by id) from withdrawals),
      (select string_agg(concat_ws(':', id, link, point_cents, time_centiminutes, deleted_at), ',' order by id) from videos),
      (select count(*) from audit_log),
      (select string_agg(name || '=' || value::text, ',' order by name) from platform_settings)) as s`);
  return r.rows[0].s;
}

async function userBalanceTotal(): Promise<number> {
  const r = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(balance_cents), 0)::text as t from ledger_accounts where user_id is not null`);
  return Number(r.rows[0].t);
}

async function actor(role: Exclude<Who, 'anonymous'>): Promise<Actor> {
  const s = await signUpAs(ctx, role === 'subscriber' ? 'USER' : role);
  return { role, client: s.client, id: s.user._id, email: s.user.email, password: s.password };
}

beforeAll(async () => {
  ctx = await startTestApp();
  actors.anonymous = { role: 'anonymous', client: ctx.client(), id: randomUUID(), email: '', password: '' };
  actors.USER = await actor('USER');
  actors.ADMIN = await actor('ADMIN');
  actors.SADMIN = await actor('SADMIN');
  actors.subscriber = await actor('subscriber');
  await fund(ctx, actors.subscriber.id, 1500);
  expect((await actors.subscriber.client.post('/api/v1/subscription/activate-with-points')).status).toBe(200);

  // The victim: money, a pending deposit and a pending withdrawal; and a real video.
  const victim = await signUp(ctx);
  await fund(ctx, victim.user._id, 10_000);
  const dep = await victim.client.post('/api/v1/deposit/deposit', { amount: 40, transactionId: txHash() });
  expect(dep.status).toBe(201);
  const wd = await victim.client.post('/api/v1/withdraw', { amount: 10, paymentId: 'TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x' });
  expect(wd.status).toBe(201);
  const video = await actors.SADMIN.client.post('/api/v1/video', VALID_VIDEO);
  expect(video.status).toBe(201);
  targets = {
    victim: { id: victim.user._id, email: victim.user.email },
    depositId: dep.body.deposit._id,
    withdrawalId: wd.body.withdrawal._id,
    videoId: video.body.video._id,
  };
  // Every actor's session is fine before the matrix starts.
  for (const role of ROLES.slice(1)) expect((await actors[role].client.get('/api/v1/user/me')).status).toBe(200);
  before = { money: await moneySnapshot(ctx), state: await stateFingerprint() };
});
afterAll(() => ctx?.close());

const apiRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') || r.url === '/metrics').map((r) => `${r.method} ${r.url}`);

test('every route registered under /api/v1 (and /metrics) has an entry in MATRIX (role-matrix.test.ts)', () => {
  const registered = apiRoutes();
  expect(registered.length).toBeGreaterThan(30);
  const missing = registered.filter((r) => !(r in MATRIX));
  expect(missing, `routes without an entry in MATRIX of apps/server/test/role-matrix.test.ts: ${missing.join(', ')}`).toEqual([]);
  const registeredSet = new Set(registered);
  const stale = Object.keys(MATRIX).filter((k) => !registeredSet.has(k));
  expect(stale, `entries in MATRIX that match no registered route: ${stale.join(', ')}`).toEqual([]);
});

async function call(key: string, who: Who, want: number) {
  const entry = MATRIX[key];
  const [method, pattern] = key.split(' ');
  const me = actors[who];
  const refused = want === 401 || want === 403;
  const req = (refused && entry.attack ? entry.attack : entry.probe)?.(me, targets) ?? {};
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(req.params?.[name] ?? randomUUID())) + (req.query ? `?${req.query}` : '');
  const body = req.body ?? (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? {} : undefined);
  // Logging out ends the caller's session: do it on a session of its own.
  let client = me.client;
  if (key.includes('/user/logout') && who !== 'anonymous') {
    client = ctx.client();
    expect((await client.post('/api/v1/user/login', { email: me.email, password: me.password })).status).toBe(200);
  }
  if (entry.stream) {
    const sse = await openSse(ctx.url, client, path);
    sse.close();
    return { status: sse.status, headers: sse.headers, body: sse.body, text: sse.text };
  }
  return client.request(method, path, body);
}

describe.each(ROLES.map((r, i) => [r, i] as const))('as %s', (who, index) => {
  test.each(Object.keys(MATRIX))(`%s`, async (key) => {
    const want = MATRIX[key].want[index];
    const res = await call(key, who, want);
    expect(res.status, `${who} ${key} answered ${res.status} ${res.text.slice(0, 300)}`).toBe(want);
    if (res.headers.get('content-type')?.includes('application/json')) {
      expect(res.body.success, key).toBe(want < 400);
      expect(typeof res.body.message).toBe('string');
    }
    if (want === 401) expect(res.body.message).toBe('Please log in to continue');
    // A refusal never ends the caller's own session.
    if (who !== 'anonymous') expect((await actors[who].client.get('/api/v1/user/me')).status).toBe(200);
  });
});

describe('after the whole matrix', () => {
  test('the refused (and the allowed probe) calls moved nothing and changed no record', async () => {
    expect(await moneySnapshot(ctx)).toBe(before.money);
    expect(await stateFingerprint()).toBe(before.state);
    expect(await userBalanceTotal()).toBe(1500 + 10_000 - 1000); // subscriber 15.00 (price 0.00), victim 100.00 − 10.00 held
    await expectLedgerClean(ctx);
  });

  test('the victim still has a USER role, a pending deposit and a pending withdrawal', async () => {
    const res = await actors.SADMIN.client.get(`/api/v1/user/all?q=${encodeURIComponent(targets.victim.email)}`);
    expect(res.body.users.map((u: { role: string; point: number }) => [u.role, u.point])).toEqual([['USER', 90]]);
    const deps = await actors.SADMIN.client.get(`/api/v1/deposit/deposit?email=${encodeURIComponent(targets.victim.email)}`);
    expect(deps.body.deposits.map((d: { _id: string; deposited: boolean }) => [d._id, d.deposited])).toEqual([[targets.depositId, false]]);
    const wds = await actors.SADMIN.client.get(`/api/v1/withdraw?email=${encodeURIComponent(targets.victim.email)}`);
    expect(wds.body.withdrawals.map((w: { _id: string; withdrawed: boolean }) => [w._id, w.withdrawed])).toEqual([[targets.withdrawalId, false]]);
  });

  test('the anonymous / USER columns agree with guards.test.ts (for the routes where it names a status)', async () => {
    // Parsed from the other file's source rather than imported, so its tests do not run twice.
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('./guards.test.ts', import.meta.url), 'utf8');
    const consts: Record<string, { anonymous: number; user?: number }> = {
      NEEDS_LOGIN: { anonymous: 401 },
      ADMIN_ONLY: { anonymous: 401, user: 403 },
      SUBSCRIBERS: { anonymous: 401, user: 403 },
    };
    const lines = [...text.matchAll(/'((?:GET|POST|PUT|PATCH|DELETE) \/api\/v1\/[^']*)': (\{[^}]*\}|[A-Z_]+)/g)];
    expect(lines.length).toBeGreaterThan(30);
    for (const [, key, spec] of lines) {
      const g = spec.startsWith('{') ? (JSON.parse(spec.replace(/(\w+):/g, '"$1":')) as { anonymous: number; user?: number }) : consts[spec];
      expect(MATRIX[key], key).toBeDefined();
      expect(MATRIX[key].want[0], `${key} anonymous`).toBe(g.anonymous);
      // guards.test.ts sends `{}` where this table may send a realistic body; compare where both are guard answers.
      if (g.user !== undefined && [401, 403].includes(g.user)) expect(MATRIX[key].want[1], `${key} USER`).toBe(g.user);
    }
  });
});
