// CSRF as a browser proves it (decision 010) and decided on the matched route (docs/security.md):
// - a client written to the public API (docs/product.md#api) that sends plain fetch() with credentials and no token works from this site
//   (Sec-Fetch-Site: same-origin, or Origin = APP_URL where that header is absent), even as its very first request;
// - a browser that says cross-site / same-site, or names another Origin, is refused (403) even with a valid token;
// - with neither header and no token: 403 (scripts and curl need the token);
// - every encoded or odd spelling of an API path (sent on a raw socket, so no client tidies it up first) is
//   refused the same way and answered with Cache-Control: no-store.
// After every refusal the whole state (money, users, videos, deposits, withdrawals, audit log) is unchanged.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setRole, signUp, startTestApp, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund, moneySnapshot } from './money-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp(); // APP_URL http://localhost:3000, listening on 127.0.0.1:<port>
});
afterAll(() => ctx.close());

const APP_ORIGIN = 'http://localhost:3000';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', origin: APP_ORIGIN };
const CSRF_REFUSED = { success: false, message: 'Invalid or missing CSRF token. Reload the page and try again.' };
const CROSS_SITE_REFUSED = { success: false, message: 'Requests from other sites are not accepted' };

/** Everything a forged request could touch, as text. */
async function worldSnapshot(): Promise<string> {
  const parts = [await moneySnapshot(ctx)];
  for (const table of ['users', 'videos', 'deposits', 'withdrawals', 'audit_log', 'subscription_codes']) {
    const exists = await ctx.db.execute<{ t: string | null }>(sql`select to_regclass(${table})::text as t`);
    if (!exists.rows[0].t) continue;
    const r = await ctx.db.execute<{ s: string | null }>(sql`select string_agg(t::text, '|' order by t::text) as s from ${sql.identifier(table)} t`);
    parts.push(`${table}:${r.rows[0].s ?? ''}`);
  }
  return parts.join('\n');
}

/** A browser's fetch(url, { credentials: 'include' }) with no token: the session cookie only, plus the given headers. */
async function browserFetch(
  method: string,
  pathname: string,
  opts: { sid?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.sid) headers.cookie = `sid=${opts.sid}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(ctx.url + pathname, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** A request written byte for byte on a socket: the target is sent exactly as given (encoded, absolute-form…). */
function rawRequest(method: string, target: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(ctx.url).port);
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = data.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = data.slice(0, split).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        parsed[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: data.slice(split + 4) });
    });
  });
}

async function userWithBalance(cents: number) {
  const s = await signUp(ctx);
  await fund(ctx, s.user._id, cents);
  return { ...s, sid: s.client.cookies.get('sid')! };
}

async function admin() {
  const s = await signUp(ctx);
  await setRole(ctx, s.user._id, 'SADMIN');
  return { ...s, sid: s.client.cookies.get('sid')! };
}

describe('a client written to the public API (docs/product.md#api): plain fetch() from this site, no token', () => {
  test('sign-up and login as the very first request (no XSRF-TOKEN cookie yet) succeed with Sec-Fetch-Site: same-origin', async () => {
    const email = `first-${randomUUID()}@example.com`;
    const reg = await browserFetch('POST', '/api/v1/user/register', {
      body: { fullName: 'First Click', email, phone: '+971500000001', password: 'correct-horse-9' },
      headers: SAME_ORIGIN,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body.user.email).toBe(email);
    const login = await browserFetch('POST', '/api/v1/user/login', { body: { email, password: 'correct-horse-9' }, headers: SAME_ORIGIN });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(true);
  });

  test('a browser without Fetch Metadata: Origin equal to APP_URL is enough', async () => {
    const email = `origin-${randomUUID()}@example.com`;
    const reg = await browserFetch('POST', '/api/v1/user/register', {
      body: { fullName: 'Origin Only', email, phone: '+971500000001', password: 'correct-horse-9' },
      headers: { origin: APP_ORIGIN },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  });

  test('every mutation of the issue succeeds: withdraw, video create/edit/delete, role change, delete user, process/delete withdrawal, add-point', async () => {
    const user = await userWithBalance(10_000);
    const boss = await admin();
    const headers = SAME_ORIGIN;

    const w1 = await browserFetch('POST', '/api/v1/withdraw', { sid: user.sid, body: { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' }, headers });
    expect(w1.status, JSON.stringify(w1.body)).toBe(201);
    const w2 = await browserFetch('POST', '/api/v1/withdraw', { sid: user.sid, body: { amount: 5, paymentId: 'TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x' }, headers });
    expect(w2.status).toBe(201);
    expect(await balance(ctx, user.user._id)).toBe(10_000 - 1_500);

    const video = await browserFetch('POST', '/api/v1/video', { sid: boss.sid, body: { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 1.5, time: 1 }, headers });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    const videoId = video.body.video._id as string;
    const edit = await browserFetch('PUT', `/api/v1/video/${videoId}`, { sid: boss.sid, body: { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 2, time: 1 }, headers });
    expect(edit.status).toBe(200);
    expect(edit.body.video.point).toBe(2);

    const role = await browserFetch('PUT', `/api/v1/user/${user.user._id}/update-role`, { sid: boss.sid, body: { role: 'ADMIN' }, headers });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const back = await browserFetch('PUT', `/api/v1/user/${user.user._id}/update-role`, { sid: boss.sid, body: { role: 'USER' }, headers });
    expect(back.status).toBe(200);

    const processed = await browserFetch('POST', `/api/v1/withdraw/${w1.body.withdrawal._id}`, { sid: boss.sid, headers });
    expect(processed.status).toBe(200);
    expect(processed.body.withdrawed).toBe(true);
    const deleted = await browserFetch('DELETE', `/api/v1/withdraw/${w2.body.withdrawal._id}`, { sid: boss.sid, headers });
    expect(deleted.status).toBe(200);
    expect(await balance(ctx, user.user._id)).toBe(10_000 - 1_000); // the pending one was refunded

    // add-point: the role change ended the user's sessions, so the subscriber logs in again (from the page too).
    await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${user.user._id}`);
    const relog = await browserFetch('POST', '/api/v1/user/login', { body: { email: user.user.email, password: user.password }, headers });
    const sid = relog.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0].slice(4);
    expect((await browserFetch('GET', `/api/v1/video/${videoId}`, { sid })).status).toBe(200);
    ctx.clock.advance(61_000);
    const reward = await browserFetch('POST', '/api/v1/video/add-point', { sid, body: { videoId }, headers });
    expect(reward.status, JSON.stringify(reward.body)).toBe(200);
    expect(await balance(ctx, user.user._id)).toBe(10_000 - 1_000 + 200);

    const delVideo = await browserFetch('DELETE', `/api/v1/video/${videoId}`, { sid: boss.sid, headers });
    expect(delVideo.status).toBe(200);
    const victim = await signUp(ctx);
    const delUser = await browserFetch('DELETE', `/api/v1/user/${victim.user._id}/delete-user`, { sid: boss.sid, headers });
    expect(delUser.status).toBe(200);
    await expectLedgerClean(ctx);
  });
});

describe('refused: 403 and nothing changes', () => {
  const REFUSALS = [
    { name: 'a forged Origin, with a valid token', headers: { origin: 'https://evil.example' }, token: true, body: CROSS_SITE_REFUSED },
    { name: 'Sec-Fetch-Site: cross-site, with a valid token', headers: { 'sec-fetch-site': 'cross-site' }, token: true, body: CROSS_SITE_REFUSED },
    { name: 'Sec-Fetch-Site: same-site (a sibling port or subdomain), with a valid token', headers: { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' }, token: true, body: CROSS_SITE_REFUSED },
    { name: 'Sec-Fetch-Site: same-origin but a foreign Origin', headers: { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, token: false, body: CROSS_SITE_REFUSED },
    { name: 'Origin: null (a sandboxed page), with a valid token', headers: { origin: 'null' }, token: true, body: CROSS_SITE_REFUSED },
    { name: 'a missing token with neither header', headers: {}, token: false, body: CSRF_REFUSED },
    { name: 'a missing token with Sec-Fetch-Site: none (not a page of this site)', headers: { 'sec-fetch-site': 'none' }, token: false, body: CSRF_REFUSED },
    { name: 'a wrong token with neither header', headers: {}, token: 'wrong', body: CSRF_REFUSED },
  ] as const;

  test.each(REFUSALS)('$name: a withdrawal, a role change, a video, a sign-up', async ({ headers, token, body }) => {
    const user = await userWithBalance(5_000);
    const boss = await admin();
    const before = await worldSnapshot();
    const opts = (t: typeof token) => ({ headers: { ...headers }, csrf: t === true ? undefined : t === false ? (false as const) : t });
    const attempts = [
      await user.client.post('/api/v1/withdraw', { amount: 20, paymentId: 'TUxmT1eWxXm151FikE1awWS8GU3Kg1PqvC' }, opts(token)),
      await boss.client.put(`/api/v1/user/${user.user._id}/update-role`, { role: 'ADMIN' }, opts(token)),
      await boss.client.post('/api/v1/video', { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 100, time: 1 }, opts(token)),
      await boss.client.del(`/api/v1/user/${user.user._id}/delete-user`, opts(token)),
      await ctx.client().post('/api/v1/user/register', { fullName: 'Mallory', email: `m-${randomUUID()}@example.com`, phone: '1', password: 'correct-horse-9' }, opts(token)),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(body);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await worldSnapshot()).toBe(before);
    expect(await balance(ctx, user.user._id)).toBe(5_000);
  });

  test('a foreign CORS preflight (OPTIONS) is refused too; a same-origin OPTIONS is not a state change', async () => {
    const preflight = await browserFetch('OPTIONS', '/api/v1/withdraw', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await browserFetch('OPTIONS', '/api/v1/withdraw')).status).not.toBe(403);
  });
});

describe('the check and no-store follow the matched route, for every spelling of the path (raw socket)', () => {
  /** Spellings of one API path: each reaches the route, or would after a proxy tidies it, or names no route. */
  function spellings(path: string, port: number): string[] {
    const rest = path.slice('/api/v1/'.length);
    const [first, ...more] = rest.split('/');
    return [
      `/%61pi/v1/${rest}`, // the issue's attack: the router decodes it to the real route
      `/%61%70%69/%76%31/${rest}`,
      `/api/v1/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${more.length ? `/${more.join('/')}` : ''}`,
      `/%2561pi/v1/${rest}`, // double encoding
      `/api%2Fv1/${rest}`, // an encoded slash
      `/api/v1%2F${rest}`,
      `/api%2fv1%2f${rest.replaceAll('/', '%2f')}`,
      `//api/v1/${rest}`, // double slashes
      `/api//v1/${rest}`,
      `/api/v1//${rest}`,
      `/./api/v1/${rest}`, // dot segments
      `/api/./v1/${rest}`,
      `/api/v1/../v1/${rest}`,
      `/api/v1/%2e%2e/v1/${rest}`,
      `/x/../api/v1/${rest}`,
      `/API/v1/${rest}`, // mixed case (the router is case-sensitive: no route, but still the API's answer)
      `/Api/V1/${rest}`,
      `/api/v1/${rest}/`, // trailing slash
      `/api/v1/${rest}?a=1`,
      `/api/v1/${rest}#x`,
      `http://127.0.0.1:${port}/api/v1/${rest}`, // absolute-form targets
      `http://evil.example/api/v1/${rest}`,
      `HTTP://127.0.0.1:${port}/%61pi/v1/${rest}`,
      `https://127.0.0.1/api/v1/${rest}?x=1`,
    ];
  }

  test('POST /api/v1/withdraw (a user) and POST /api/v1/deposit/deposit/{id} (a super admin approving 1,000,000): every spelling without a token → 403 + no-store, nothing moves', async () => {
    const port = Number(new URL(ctx.url).port);
    const user = await userWithBalance(5_000);
    const boss = await admin();
    const claim = await user.client.post('/api/v1/deposit/deposit', { amount: 1_000_000, transactionId: 'ab'.repeat(32) });
    expect(claim.status, claim.text).toBe(201);
    const depositId = claim.body.deposit._id as string;
    const before = await worldSnapshot();
    const cases = [
      ...spellings('/api/v1/withdraw', port).map((target) => ({ target, sid: user.sid, body: JSON.stringify({ amount: 20, paymentId: 'TUxmT1eWxXm151FikE1awWS8GU3Kg1PqvC' }) })),
      ...spellings(`/api/v1/deposit/deposit/${depositId}`, port).map((target) => ({ target, sid: boss.sid, body: '{}' })),
    ];
    const failures: string[] = [];
    for (const c of cases) {
      // The session cookie and the XSRF-TOKEN cookie a browser would send, but no X-XSRF-TOKEN header.
      const res = await rawRequest('POST', c.target, { Cookie: `sid=${c.sid}; XSRF-TOKEN=cookie-value` }, c.body);
      if (res.status !== 403 || res.headers['cache-control'] !== 'no-store') failures.push(`${c.target} → ${res.status} ${res.headers['cache-control']} ${res.body.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
    expect(await worldSnapshot()).toBe(before);
    expect(await balance(ctx, user.user._id)).toBe(5_000);
    await expectLedgerClean(ctx);

    // The same spellings that reach the route work with the token (the check is not refusing them for their spelling).
    const ok = await rawRequest('POST', `/%61pi/v1/withdraw`, { Cookie: `sid=${user.sid}; XSRF-TOKEN=t1`, 'X-XSRF-TOKEN': 't1' }, JSON.stringify({ amount: 1, paymentId: 'TKVfgVNSqtEt89qmMgyMdDc2Wi1pv4BixS' }));
    expect(ok.status).toBe(201);
    expect(ok.headers['cache-control']).toBe('no-store');
    const abs = await rawRequest('POST', `http://127.0.0.1:${port}/api/v1/withdraw`, { Cookie: `sid=${user.sid}; XSRF-TOKEN=t1`, 'X-XSRF-TOKEN': 't1' }, JSON.stringify({ amount: 1, paymentId: 'TKVfgVNSqtEt89qmMgyMdDc2Wi1pv4BixS' }));
    expect(abs.status).toBe(201);
    expect(await balance(ctx, user.user._id)).toBe(5_000 - 200);
  });

  test('API answers reached through odd spellings always carry no-store (GET with personal data, 404s)', async () => {
    const port = Number(new URL(ctx.url).port);
    const user = await userWithBalance(100);
    const failures: string[] = [];
    for (const target of [...spellings('/api/v1/user/me', port), '/%61pi/v1/no-such-route', '/%61pi']) {
      const res = await rawRequest('GET', target, { Cookie: `sid=${user.sid}` });
      if (res.headers['cache-control'] !== 'no-store' || !/application\/json/.test(res.headers['content-type'] ?? '')) {
        failures.push(`${target} → ${res.status} ${res.headers['cache-control']} ${res.headers['content-type']}`);
      }
    }
    expect(failures).toEqual([]);
    const me = await rawRequest('GET', '/%61pi/v1/user/me', { Cookie: `sid=${user.sid}` });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).user.email).toBe(user.user.email);
  });
});
