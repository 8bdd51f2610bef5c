// Screenshots of the main pages for docs/screens/ (linked from the README), so anyone sees the app without running
// it: `npm run screens` after `npm run build`. It builds nothing: it starts the production build on a fresh database
// the way the e2e journeys do (scripts/e2e-server.mjs: embedded PostgreSQL in a temp folder), seeds a demo user with
// a few movements through the API, and photographs each page at 360 and 1,280 px, in English and Arabic, light
// theme, 1x pixels, the first screenful only (small PNGs). SCREENS_PORT picks the port (default 3190).
/* global document -- the functions handed to page.evaluate and waitForFunction run in the page */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request as pwRequest } from '@playwright/test';

const port = process.env.SCREENS_PORT ?? '3190';
const base = `http://localhost:${port}`;
const outDir = path.resolve('docs/screens');
const SADMIN = { email: 'sadmin@e2e.test', password: 'sadmin-password-1' };
const DEMO = { fullName: 'Layla Haddad', email: 'layla@demo.test', phone: '+971500001234', password: 'demo-password-1' };
const FRIEND = { fullName: 'Omar Khalil', email: 'omar@demo.test', phone: '+971500005678', password: 'demo-password-2' };

/** The pages shown, each as who sees it. */
const PAGES = [
  { name: 'home', path: '/', as: null },
  { name: 'login', path: '/login', as: null },
  { name: 'dashboard', path: '/user/dashboard', as: 'demo' },
  { name: 'transfer', path: '/user/transfer', as: 'demo' },
  { name: 'statement', path: '/user/statement', as: 'demo' },
  { name: 'videos', path: '/video', as: 'demo' },
  { name: 'profile', path: '/user/profile', as: 'demo' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'sadmin' },
];
const WIDTHS = [
  { width: 360, height: 760 },
  { width: 1280, height: 800 },
];

async function waitForServer(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not come up in 2 minutes');
}

/** An API client with its own cookies, sending the XSRF header as the web client does. */
async function client() {
  const ctx = await pwRequest.newContext({ baseURL: base });
  await ctx.get('/api/v1/health');
  const call = async (method, url, data) => {
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await ctx.fetch(`/api/v1${url}`, { method, data, headers: { 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': randomBytes(16).toString('hex') } });
    const body = await res.json().catch(() => null);
    if (res.status() >= 400) throw new Error(`${method} ${url}: ${res.status()} ${JSON.stringify(body)}`);
    return body;
  };
  return { ctx, call };
}

async function seed() {
  const admin = await client();
  await admin.call('POST', '/user/login', SADMIN);
  const demo = await client();
  const friend = await client();
  await demo.call('POST', '/user/register', DEMO);
  await friend.call('POST', '/user/register', FRIEND);
  // Money in: a credited deposit (added by the desk), a claim still pending, a transfer out, a subscription.
  await admin.call('POST', '/adpoint/addpoint', { email: DEMO.email, points: 250 });
  await demo.call('POST', '/deposit/deposit', { amount: 100, transactionId: randomBytes(32).toString('hex') });
  await demo.call('POST', '/point/transfer', { recipientEmail: FRIEND.email, points: 12.5 });
  await friend.call('POST', '/point/transfer', { recipientEmail: DEMO.email, points: 5 });
  await admin.call('POST', '/video', { link: 'https://example.com/welcome-tour.mp4', point: 0.5, time: 1 });
  await demo.call('POST', '/subscription/activate-with-points').catch(() => {});
  const state = async (c) => {
    const me = await c.call('GET', '/user/me');
    return { cookies: (await c.ctx.storageState()).cookies, user: me.user };
  };
  await friend.ctx.dispose();
  return { demo: { ...(await state(demo)), client: demo }, sadmin: { ...(await state(admin)), client: admin } };
}

async function shoot(browser, sessions) {
  mkdirSync(outDir, { recursive: true });
  for (const lang of ['en', 'ar']) {
    // A signed-in account's saved language wins over the browser's: save the one being shown.
    for (const s of Object.values(sessions)) await s.client.call('PUT', '/user/language', { language: lang });
    for (const size of WIDTHS) {
      for (const page of PAGES) {
        const ctx = await browser.newContext({ viewport: size, deviceScaleFactor: 1, locale: lang === 'ar' ? 'ar-AE' : 'en-US', reducedMotion: 'reduce' });
        const session = page.as ? sessions[page.as] : null;
        if (session) await ctx.addCookies(session.cookies);
        await ctx.addInitScript(
          ([l, user]) => {
            localStorage.setItem('theme', 'light');
            localStorage.setItem('lang', l);
            if (user) {
              localStorage.setItem('isLoggedIn', 'true');
              localStorage.setItem('role', user.role);
              localStorage.setItem('data', JSON.stringify(user));
            }
          },
          [lang, session?.user ?? null],
        );
        const tab = await ctx.newPage();
        await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
        // Settled: no skeleton left, fonts in, toasts gone.
        await tab.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => {});
        await tab.evaluate(() => document.fonts.ready);
        await tab.waitForTimeout(300);
        const file = path.join(outDir, `${page.name}-${size.width}-${lang}.png`);
        await tab.screenshot({ path: file, animations: 'disabled' });
        console.log(path.relative(process.cwd(), file));
        await ctx.close();
      }
    }
  }
}

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, E2E_PORT: port, E2E_DATA_DIR: '' } });
let code = 0;
try {
  await waitForServer(server);
  const sessions = await seed();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    await shoot(browser, sessions);
  } finally {
    await browser.close();
    for (const s of Object.values(sessions)) await s.client.ctx.dispose();
  }
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
process.exit(code);
