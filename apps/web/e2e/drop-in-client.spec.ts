// A web client written to the public API (docs/product.md#drop-in-clients, decision 010), in Chromium: a fixture page — test code only, never
// part of the product — that calls the API with plain fetch(…, { credentials: 'include' }) and no X-XSRF-TOKEN.
// Served from the app's origin (Playwright answers its URL; the browser treats it as the app's own page), its very
// first request (a sign-up) and a withdrawal, a role change and a video creation succeed. The same page served from
// a second origin (another port of the same host: same-site, so the browser still sends the session cookie) is
// refused with 403 for each, and nothing changes.
import http from 'node:http';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SADMIN, api, expect, loginViaApi, newUser, test, tronAddress } from './fixtures';

/** Where a forged withdrawal would send the money. */
const FORGED_TO = tronAddress();

const FIXTURE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Public-API client fixture</title></head>
<body><p>fixture</p><script>
  // The calls a public-API client makes: JSON in and out, cookies sent, no anti-forgery header.
  window.call = async (base, method, path, body) => {
    try {
      const res = await fetch(base + '/api/v1' + path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch (e) {
      return { status: 0, error: String(e) }; // the browser did not let the page see an answer (CORS)
    }
  };
  // What a forging page does to get a POST through without a CORS preflight: a "simple" request.
  window.simplePost = async (base, path, body) => {
    await fetch(base + '/api/v1' + path, { method: 'POST', credentials: 'include', mode: 'no-cors', body: JSON.stringify(body) }).catch(() => {});
  };
</script></body></html>`;

const PAGE_PATH = '/spec7-client-fixture.html';

/** A context in which the fixture URL on the app's origin is answered with the fixture page (by Playwright). */
async function contextWithFixture(browser: Browser, appOrigin: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route(`${appOrigin}${PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: FIXTURE }));
  return context;
}

/**
 * The second origin: a plain HTTP server of the test serving the same page on another port. (Not a Playwright
 * route: with interception on, Playwright answers CORS preflights itself, and the server's answer must be seen.)
 */
function fixtureServer(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A fresh context holding a session of `creds`, logged in through the API with the token (no fixture route). */
async function loggedInContext(browser: Browser, baseURL: string, creds: { email: string; password: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  expect((await api(context.request, 'POST', '/user/login', creds)).status).toBe(200);
  return context;
}

type CallResult = { status: number; body?: any; error?: string };
const call = (page: Page, base: string, method: string, path: string, body?: unknown): Promise<CallResult> =>
  page.evaluate(([b, m, p, d]) => (window as any).call(b, m, p, d), [base, method, path, body] as const);

/**
 * Every answer the server gave the page's requests to the app's API, as "METHOD path status", preflights included.
 * Read from the raw network events (responseReceivedExtraInfo): the browser hides a refused cross-origin answer
 * from the page (CORS) or blocks it (Cross-Origin-Resource-Policy), but the status the server sent is still seen.
 */
async function recordApiAnswers(page: Page, appOrigin: string): Promise<{ answers(): string[] }> {
  const requests = new Map<string, string>();
  const statuses = new Map<string, number>();
  const cdp = await page.context().newCDPSession(page);
  // The two events of one request may come in either order (an ExtraInfo event can precede requestWillBeSent when
  // the answer is quick): both are kept by request id and joined when read.
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (url.origin === appOrigin && url.pathname.startsWith('/api/v1/')) requests.set(e.requestId, `${e.request.method} ${url.pathname}`);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    if (e.statusCode) statuses.set(e.requestId, e.statusCode);
  });
  await cdp.send('Network.enable');
  return {
    answers: () => [...statuses].flatMap(([id, status]) => (requests.has(id) ? [`${requests.get(id)} ${status}`] : [])),
  };
}

test('a public-API client page: works from the app’s origin without a token; from another port every call is refused and nothing changes', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const appOrigin = new URL(baseURL!).origin;
  const port = Number(new URL(baseURL!).port);
  const otherOrigin = `http://localhost:${port + 97}`;
  const server = await fixtureServer(port + 97);
  const user = newUser('dropin');

  // ── From the app's origin ────────────────────────────────────────────────────────────────────────────────
  const userContext = await contextWithFixture(browser, appOrigin);
  const userPage = await userContext.newPage();
  await userPage.goto(`${appOrigin}${PAGE_PATH}`);
  expect(await userPage.evaluate(() => document.cookie)).not.toContain('XSRF-TOKEN'); // nothing served by the app yet
  const signup = await call(userPage, '', 'POST', '/user/register', user);
  expect(signup.status, JSON.stringify(signup)).toBe(201); // the first request, on the first click
  const userId = signup.body.user._id as string;

  // The super admin funds the new user (through the API, with the token, like the web client).
  const adminRequest = (await browser.newContext({ baseURL })).request;
  expect((await api(adminRequest, 'POST', '/user/login', SADMIN)).status).toBe(200);
  expect((await api(adminRequest, 'POST', '/adpoint/addpoint', { email: user.email, points: 50 })).status).toBe(200);

  const withdrawal = await call(userPage, '', 'POST', '/withdraw', { amount: 10, paymentId: tronAddress() });
  expect(withdrawal.status, JSON.stringify(withdrawal)).toBe(201);
  expect((await call(userPage, '', 'GET', '/user/point')).body.point).toBe(40);

  const adminContext = await contextWithFixture(browser, appOrigin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${appOrigin}${PAGE_PATH}`);
  expect((await call(adminPage, '', 'POST', '/user/login', SADMIN)).status).toBe(200);
  const promote = await call(adminPage, '', 'PUT', `/user/${userId}/update-role`, { role: 'ADMIN' });
  expect(promote.status, JSON.stringify(promote)).toBe(200);
  const video = await call(adminPage, '', 'POST', '/video', { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 1, time: 1 });
  expect(video.status, JSON.stringify(video)).toBe(201);

  const state = async () => {
    const users = await api(adminRequest, 'GET', `/user/all?q=${encodeURIComponent(user.email)}&page=1`);
    const videos = await api(adminRequest, 'GET', '/video');
    const withdrawals = await api(adminRequest, 'GET', `/withdraw?email=${encodeURIComponent(user.email)}&page=1`);
    return { user: users.body.users[0], videos: videos.body.videos.length, withdrawals: withdrawals.body.total };
  };
  const before = await state();
  expect(before.user).toMatchObject({ role: 'ADMIN', point: 40 });

  // ── The same page from another port ──────────────────────────────────────────────────────────────────────
  // Both are logged in (the promoted user again: the role change ended their sessions); their browsers hold the
  // session cookie of the app's host, which the browser sends to it from the other port too (same site).
  const userOther = await (await loggedInContext(browser, baseURL!, user)).newPage();
  const adminOther = await (await loggedInContext(browser, baseURL!, SADMIN)).newPage();
  await userOther.goto(`${otherOrigin}${PAGE_PATH}`);
  await adminOther.goto(`${otherOrigin}${PAGE_PATH}`);
  const userAnswers = await recordApiAnswers(userOther, appOrigin);
  const adminAnswers = await recordApiAnswers(adminOther, appOrigin);

  // The page's own calls: a JSON body needs a CORS preflight, which the server refuses (403), so the browser never
  // sends the call and the page sees no answer.
  const attempts = [
    await call(userOther, appOrigin, 'POST', '/withdraw', { amount: 10, paymentId: FORGED_TO }),
    await call(adminOther, appOrigin, 'PUT', `/user/${userId}/update-role`, { role: 'USER' }),
    await call(adminOther, appOrigin, 'POST', '/video', { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 99, time: 1 }),
  ];
  for (const a of attempts) expect(a.status, JSON.stringify(a)).toBe(0);
  // Sent as "simple" requests (no preflight: what a forging page does), the POSTs reach the server: 403.
  await userOther.evaluate(([b, to]) => (window as any).simplePost(b, '/withdraw', { amount: 10, paymentId: to }), [appOrigin, FORGED_TO]);
  await adminOther.evaluate(([b]) => (window as any).simplePost(b, '/video', { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 99, time: 1 }), [appOrigin]);

  // The simple POSTs are fire-and-forget from the page: on a loaded machine their answers may take a while.
  await expect.poll(() => userAnswers.answers().sort(), { timeout: 30_000 }).toEqual(['OPTIONS /api/v1/withdraw 403', 'POST /api/v1/withdraw 403'].sort());
  await expect.poll(() => adminAnswers.answers().sort(), { timeout: 30_000 }).toEqual(
    [`OPTIONS /api/v1/user/${userId}/update-role 403`, 'OPTIONS /api/v1/video 403', 'POST /api/v1/video 403'].sort(),
  );
  expect(await state()).toEqual(before);

  // The same sessions work from the app's origin: the refusals were about where the page came from.
  await userOther.context().route(`${appOrigin}${PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: FIXTURE }));
  await userOther.goto(`${appOrigin}${PAGE_PATH}`);
  expect((await call(userOther, '', 'GET', '/user/point')).body.point).toBe(40);
  for (const c of [userContext, adminContext, userOther.context(), adminOther.context()]) await c.close();
  server.close();
});

test('our own web client keeps paging: its admin lists always send page and limit', async ({ page }) => {
  const lists = ['/api/v1/user/all', '/api/v1/deposit/deposit', '/api/v1/withdraw'];
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && lists.includes(url.pathname)) asked.push(`${url.pathname}?${url.searchParams.has('page') && url.searchParams.has('limit') ? 'paged' : url.search}`);
  });
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  for (const [path, heading] of [['/allusers', 'Users'], ['/admin/deposit', /deposit/i], ['/admin/withdraw', /withdraw/i]] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect.poll(() => new Set(asked.map((a) => a.split('?')[0])).size).toBe(3);
  expect(asked.filter((a) => !a.endsWith('?paged'))).toEqual([]);
});
