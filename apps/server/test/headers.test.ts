// Security headers on every kind of response (docs/product.md#security-rules): API JSON 200, API 4xx error, API 404, the web
// app's index.html (SPA fallback), a static asset, the OpenAPI JSON and the docs UI. The web build is a temp
// directory (WEB_DIST) holding an index.html and an asset, so the test needs no web build.
// Under APP_URL=https://…: HSTS, and the session and XSRF cookies carry Secure.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routePreloader } from '../src/web-preload.js';
import { signUp, startTestApp, type Res, type TestContext } from './helpers.js';

let ctx: TestContext;
let secureCtx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'points-web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log("app");\n');
  // As the web build writes it (vite.config.ts, routePreload): each lazy public route and its chunks.
  await writeFile(
    path.join(webDist, 'route-preload.json'),
    JSON.stringify({
      head: ['/theme-init.js', '/assets/index-I0.css', '/assets/index-I1.js'],
      entry: ['react-R0.js'],
      runtime: ['lingui-L0.js'],
      messages: {
        en: { app: { file: 'messages-en-app-E1.json', runtime: true } },
        ar: { auth: { file: 'messages-ar-auth-A1.json', runtime: false }, app: { file: 'messages-ar-app-A2.json', runtime: true } },
      },
      routes: [
        ['^/login$', ['login-page-A1.js', 'api-B2.js'], ['auth']],
        ['^/blog/[^/]+$', ['article-page-C3.js'], []],
        ['^/user/dashboard$', ['app-D1.js'], ['app', 'auth']],
      ],
      images: [['^/$', ['/art/hero.svg']]],
    }),
  );
  ctx = await startTestApp({ WEB_DIST: webDist });
  secureCtx = await startTestApp({ WEB_DIST: webDist, APP_URL: 'https://points.example.com' });
});
afterAll(async () => {
  await ctx?.close();
  await secureCtx?.close();
});

type Kind = { name: string; path: string; status: number | number[]; api: boolean; login?: boolean; type?: RegExp };

const KINDS: Kind[] = [
  { name: 'API JSON 200', path: '/api/v1/health', status: 200, api: true, type: /application\/json/ },
  { name: 'API JSON 200 (logged in, personal data)', path: '/api/v1/user/me', status: 200, api: true, login: true, type: /application\/json/ },
  { name: 'API CSV 200 (statement download)', path: '/api/v1/user/statement.csv', status: 200, api: true, login: true, type: /text\/csv/ },
  { name: 'API 4xx error (401)', path: '/api/v1/user/me', status: 401, api: true, type: /application\/json/ },
  { name: 'API 4xx error (400 validation)', path: '/api/v1/user/all?page=0', status: 401, api: true, type: /application\/json/ },
  { name: 'API 404', path: '/api/v1/no-such-route', status: 404, api: true, type: /application\/json/ },
  // Decided from the matched route, not the raw URL: the router reads /%61pi/… as /api/….
  { name: 'API JSON 200 through an encoded path', path: '/%61pi/v1/health', status: 200, api: true, type: /application\/json/ },
  { name: 'API JSON 200 through an encoded path (personal data)', path: '/%61pi/v1/user/me', status: 200, api: true, login: true, type: /application\/json/ },
  { name: 'API 404 through an encoded path (a JSON 404, not the web app)', path: '/%61pi/v1/no-such-route', status: 404, api: true, type: /application\/json/ },
  { name: 'web index.html (SPA fallback)', path: '/some/client/route', status: 200, api: false, type: /text\/html/ },
  { name: 'web index.html (root)', path: '/', status: 200, api: false, type: /text\/html/ },
  { name: 'static asset', path: '/assets/app.js', status: 200, api: false, type: /javascript/ },
  { name: 'OpenAPI JSON', path: '/api/docs/json', status: 200, api: true, type: /application\/json/ },
  { name: 'docs UI', path: '/api/docs', status: 200, api: true, type: /text\/html/ },
  { name: 'docs UI script', path: '/api/docs/static/swagger-initializer.js', status: 200, api: true, type: /javascript/ },
  { name: 'docs redirect (302)', path: '/api/docs/static/index.html', status: 302, api: true },
];

function expectCommonHeaders(res: Res, kind: Kind) {
  const h = res.headers;
  const csp = h.get('content-security-policy');
  expect(csp, `${kind.name}: CSP`).toBeTruthy();
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(h.get('x-content-type-options'), `${kind.name}: nosniff`).toBe('nosniff');
  expect(h.get('referrer-policy'), `${kind.name}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), `${kind.name}: X-Frame-Options`).toMatch(/SAMEORIGIN|DENY/);
  expect(h.get('x-powered-by'), `${kind.name}: x-powered-by`).toBeNull();
  expect(h.get('server'), `${kind.name}: server`).toBeNull();
  if (kind.api) expect(h.get('cache-control'), `${kind.name}: Cache-Control`).toBe('no-store');
  else if (kind.status === 200) expect(h.get('cache-control'), `${kind.name}: Cache-Control`).toBeTruthy();
}

describe('http (APP_URL http://…)', () => {
  test.each(KINDS)('$name: $path', async (kind) => {
    const client = kind.login ? (await signUp(ctx)).client : ctx.client();
    const res = await client.get(kind.path);
    expect([kind.status].flat(), `${kind.path} → ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    if (kind.type) expect(res.headers.get('content-type')).toMatch(kind.type);
    expectCommonHeaders(res, kind);
    // No HSTS over plain http (it would be ignored, and would lock a local install out of http).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  test('the SPA fallback is index.html, revalidated (no-cache), and a POST to a web path is a JSON 404', async () => {
    const res = await ctx.client().get('/deposit');
    expect(res.text).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache'); // a new deploy's index.html is picked up at once
    expect((await ctx.client().get('/')).headers.get('cache-control')).toBe('no-cache');
    const post = await ctx.client().post('/deposit', {});
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ success: false, message: 'Route POST /deposit not found' });
    expectCommonHeaders(post, { name: 'POST web path', path: '/deposit', status: 404, api: false });
  });

  test('HTML pages give a browser without one its XSRF-TOKEN cookie (readable, SameSite=Lax), so its first POST can echo it; assets do not', async () => {
    for (const page of ['/', '/signup', '/login', '/user/profile']) {
      const res = await ctx.client().get(page);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const xsrf = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
      expect(xsrf, page).toBeDefined();
      expect(xsrf).not.toMatch(/HttpOnly/i);
      expect(xsrf).toMatch(/SameSite=Lax/i);
      expect(xsrf).toMatch(/Path=\//);
    }
    // A browser that has the cookie keeps it (no new token per page); a cached asset never sets one.
    const client = ctx.client();
    await client.get('/signup');
    const token = client.cookies.get('XSRF-TOKEN')!;
    expect((await client.get('/login')).headers.getSetCookie()).toEqual([]);
    expect((await ctx.client().get('/assets/app.js')).headers.getSetCookie()).toEqual([]);
    // The page's cookie is the token of the very first API call (no GET to the API before it).
    const reg = await client.post('/api/v1/user/register', { fullName: 'First Post', email: `first-${Date.now()}@example.com`, phone: '1', password: 'correct-horse-9' });
    expect(reg.status, reg.text).toBe(201);
    expect(client.cookies.get('XSRF-TOKEN')).toBe(token);
  });

  test('a 4xx from a refused state change (CSRF) and a 413 carry the same headers', async () => {
    const client = ctx.client();
    await client.get('/api/v1/health');
    const csrf = await client.post('/api/v1/user/login', { email: 'a@b.cc', password: 'x' }, { csrf: false });
    expect(csrf.status).toBe(403);
    expectCommonHeaders(csrf, { name: 'CSRF 403', path: '', status: 403, api: true });
    const big = await client.post('/api/v1/user/login', undefined, { raw: JSON.stringify({ email: 'a'.repeat(200_000) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expectCommonHeaders(big, { name: '413', path: '', status: 413, api: true });
  });

  test('no CORS: a cross-origin caller gets no Access-Control-Allow-* header (its page cannot read answers or send X-XSRF-TOKEN)', async () => {
    const { client } = await signUp(ctx);
    const origin = { origin: 'https://evil.example' };
    const me = await client.get('/api/v1/user/me', { headers: origin });
    expect(me.status).toBe(200);
    const preflight = await client.request('OPTIONS', '/api/v1/point/transfer', undefined, {
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-xsrf-token,content-type' },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    for (const res of [me, preflight]) {
      for (const h of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-headers', 'access-control-allow-methods']) {
        expect(res.headers.get(h), h).toBeNull();
      }
    }
  });

  test('cookies over http: session HttpOnly + SameSite=Lax, XSRF readable + SameSite=Lax, neither Secure', async () => {
    const { client, user, password } = await signUp(ctx);
    const res = await client.post('/api/v1/user/login', { email: user.email, password });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).not.toMatch(/;\s*Secure/i);
    const xsrf = (await ctx.client().get('/api/v1/health')).headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Lax/i);
  });
});

describe('https (APP_URL https://…)', () => {
  test.each(KINDS)('$name: $path → HSTS and the common headers', async (kind) => {
    const client = kind.login ? (await signUp(secureCtx)).client : secureCtx.client();
    const res = await client.get(kind.path);
    expect([kind.status].flat()).toContain(res.status);
    expectCommonHeaders(res, kind);
    const hsts = res.headers.get('strict-transport-security');
    expect(hsts, `${kind.name}: HSTS`).toMatch(/max-age=31536000/);
    expect(hsts).toMatch(/includeSubDomains/);
    expect(res.headers.get('content-security-policy')).toMatch(/upgrade-insecure-requests/);
  });

  test('the session cookie (sign-up and login), its clearing at logout, and the XSRF cookie all carry Secure', async () => {
    const { client, user, password } = await signUp(secureCtx);
    const xsrf = (await secureCtx.client().get('/api/v1/health')).headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).toMatch(/;\s*Secure/i);
    // The one an HTML page sets too (decision 010).
    const pageXsrf = (await secureCtx.client().get('/signup')).headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(pageXsrf).toMatch(/;\s*Secure/i);
    const register = await secureCtx.client().post('/api/v1/user/register', {
      fullName: 'Secure Cookie',
      email: `secure-${Date.now()}@example.com`,
      phone: '1',
      password: 'correct-horse-9',
    });
    expect(register.status).toBe(201);
    // Under https the session cookie is __Host-sid (more in housekeeping.test.ts).
    expect(register.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))).toMatch(/;\s*Secure/i);
    const login = await client.post('/api/v1/user/login', { email: user.email, password });
    const sid = login.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    const logout = await client.post('/api/v1/user/logout');
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))).toMatch(/;\s*Secure/i);
  });
});

describe('route preload hints (Link) on the web app\'s pages', () => {
  const hint = (f: string) => `</assets/${f}>; rel=modulepreload; crossorigin`;
  const catalog = (f: string) => `</assets/${f}>; rel=preload; as=fetch; crossorigin`;
  // What index.html loads before the first paint comes first, then the main chunk's imports.
  const always = ['</theme-init.js>; rel=preload; as=script', '</assets/index-I0.css>; rel=preload; as=style; crossorigin', hint('index-I1.js'), hint('react-R0.js')];
  const link = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${ctx.url}${p}`, { headers });
    return res.headers.get('link');
  };

  test('every page gets index.html\'s own files and the main chunk\'s imports, a lazy route its chunks too; the API and assets get none', async () => {
    const login = [...always, hint('login-page-A1.js'), hint('api-B2.js')].join(', ');
    expect(await link('/login')).toBe(login);
    expect(await link('/Login/?next=%2Fprofile')).toBe(login); // the client router's matching: any case, trailing slash
    expect(await link('/blog/some-article')).toBe([...always, hint('article-page-C3.js')].join(', '));
    expect(await link('/blog/a/b')).toBe(always.join(', '));
    // The home page's hero picture (its largest paint) comes with it, and with no other page.
    expect(await link('/')).toBe([...always, '</art/hero.svg>; rel=preload; as=image; fetchpriority=high'].join(', '));
    expect(await link('/?ref=abc')).toContain('</art/hero.svg>');
    expect(await link('/some/client/route')).toBe(always.join(', '));
    expect(await link('/api/v1/health')).toBeNull();
    expect(await link('/assets/app.js')).toBeNull();
  });

  test('a page\'s message catalogs are hinted in the reader\'s language only: the saved `lang` cookie, else Accept-Language', async () => {
    const dashboardEn = [...always, hint('app-D1.js'), catalog('messages-en-app-E1.json'), hint('lingui-L0.js')].join(', ');
    const dashboardAr = [...always, hint('app-D1.js'), catalog('messages-ar-app-A2.json'), catalog('messages-ar-auth-A1.json'), hint('lingui-L0.js')].join(', ');
    expect(await link('/user/dashboard')).toBe(dashboardEn);
    expect(await link('/user/dashboard', { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' })).toBe(dashboardAr);
    expect(await link('/user/dashboard', { 'accept-language': 'ar-AE', cookie: 'lang=en' })).toBe(dashboardEn); // the choice beats the browser
    expect(await link('/user/dashboard', { cookie: 'lang=ar' })).toBe(dashboardAr);
    expect(await link('/user/dashboard', { cookie: 'lang=xx', 'accept-language': 'ar' })).toBe(dashboardAr); // an unknown value is ignored
    // An Arabic catalog without plurals needs no runtime; English /login has no catalog at all.
    expect(await link('/login', { cookie: 'lang=ar' })).toBe([...always, hint('login-page-A1.js'), hint('api-B2.js'), catalog('messages-ar-auth-A1.json')].join(', '));
    expect(await link('/login')).not.toContain('messages-');
    const res = await fetch(`${ctx.url}/user/dashboard`);
    expect(res.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
  });

  test('a table naming anything but a plain .js file name (or a picture of /art/) is refused at start-up', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'points-preload-'));
    await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify({ routes: [['^/x$', ['a.js>; rel=preload, <https://evil.example/x.js']]] }));
    expect(() => routePreloader(dir)).toThrow(/unexpected file/);
    await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify({ entry: ['../../etc/passwd.js'], routes: [] }));
    expect(() => routePreloader(dir)).toThrow(/unexpected file/);
    await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify({ head: ['https://evil.example/x.js'], routes: [] }));
    expect(() => routePreloader(dir)).toThrow(/unexpected file/);
    await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify({ head: ['/assets/../../x.css'], routes: [] }));
    expect(() => routePreloader(dir)).toThrow(/unexpected file/);
    const badCatalog = { messages: { en: { app: { file: 'x.json>; rel=preload, <https://evil.example/y', runtime: false } } }, routes: [['^/x$', [], ['app']]] };
    await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify(badCatalog));
    expect(() => routePreloader(dir)).toThrow(/unexpected file/);
    for (const picture of ['/art/../../etc/passwd.svg', 'https://evil.example/x.svg', '/art/x.svg>; rel=preload, <https://evil.example/y.svg', '/assets/x.js']) {
      await writeFile(path.join(dir, 'route-preload.json'), JSON.stringify({ routes: [], images: [['^/$', [picture]]] }));
      expect(() => routePreloader(dir), picture).toThrow(/unexpected file/);
    }
    expect(routePreloader(path.join(dir, 'missing'))('/login')).toBeUndefined();
  });
});
