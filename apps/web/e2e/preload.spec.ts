// Lighthouse on /user/dashboard (docs/performance.md): a first load gets its files from the server's Link hints, beside the
// main chunk instead of after it has run: index.html's own files, the page's chunks, and its message catalogs in
// the reader's language (the `lang` cookie the client keeps, else Accept-Language; with Lingui's runtime when a
// catalog has plurals). Every hint must be one the page uses: a hint it cannot match (a wrong `crossorigin`, say)
// is fetched a second time, and a catalog in the other language is bytes for nothing.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, expect, signUpViaApi, test } from './fixtures';

interface FirstLoad {
  hinted: string[];
  fetched: Map<string, number>;
  /** GET calls to the API, by path and query, and how often each was made. */
  calls: Map<string, number>;
  /** Whether the dashboard's balance ever showed its loading mark (…) before its number. */
  balanceWaited: boolean;
  /** Whether the page's skeleton (the layout's fallback while a page's chunk loads) was ever drawn. */
  skeletonShown: boolean;
  warnings: string[];
}

/** Loads `path` in a new context (an empty cache; the session and storage of `from`, if given), and what it fetched. */
async function firstLoad(browser: Browser, from: BrowserContext | { locale: string }, path: string, ready: (page: Page) => Promise<void>): Promise<FirstLoad> {
  const state = 'locale' in from ? from : { storageState: await from.storageState() };
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: test.info().project.use.baseURL, ...state });
  // Notes whether the balance is ever drawn as its loading mark: the dashboard's first render should have its number.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="dashboard-balance"]')?.textContent === '…') Object.assign(window, { balanceWaited: true });
      if (document.querySelector('main > [aria-busy="true"]')) Object.assign(window, { skeletonShown: true });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = await context.newPage();
  const fetched = new Map<string, number>();
  const calls = new Map<string, number>();
  const warnings: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/art/') || url.pathname === '/theme-init.js') fetched.set(url.pathname, (fetched.get(url.pathname) ?? 0) + 1);
    const call = `${url.pathname}${url.search}`;
    if (url.pathname.startsWith('/api/v1/') && req.method() === 'GET') calls.set(call, (calls.get(call) ?? 0) + 1);
  });
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  const response = await page.goto(path);
  await ready(page);
  // Chromium reports a hint the page did not use three seconds after the load event.
  await page.waitForTimeout(3500);
  const link = (await response?.headerValue('link')) ?? '';
  const hinted = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1]);
  const balanceWaited = await page.evaluate(() => 'balanceWaited' in window);
  const skeletonShown = await page.evaluate(() => 'skeletonShown' in window);
  await context.close();
  return { hinted, fetched, calls, balanceWaited, skeletonShown, warnings };
}

function expectHintsUsedOnce({ hinted, fetched, warnings }: FirstLoad) {
  expect(warnings).toEqual([]);
  for (const file of hinted) expect(fetched.get(file), `${file} was hinted`).toBe(1);
  for (const [file, count] of fetched) expect(count, `${file} fetched ${count} times`).toBe(1);
}

test('a signed-in first load fetches every hinted file once, and its catalogs only in the reader\'s language', async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signUpViaApi(page);

  const english = await firstLoad(browser, context, '/user/dashboard', async (p) => {
    await expect(p.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  });
  expectHintsUsedOnce(english);
  const catalogs = (load: FirstLoad) => load.hinted.filter((f) => /\/messages-/.test(f)).map((f) => /messages-(\w+-\w+)-/.exec(f)![1]);
  // The signed-in area's English texts with plurals come beside the main chunk, and nothing Arabic.
  expect(catalogs(english)).toEqual(['en-app']);
  expect([...english.fetched.keys()].filter((f) => f.includes('messages-ar-'))).toEqual([]);
  // The dashboard's chunks are few: the signed-in shell is grouped (vite.config.ts signedInChunks), not ~30 small files.
  expect(english.hinted.filter((f) => f.endsWith('.js')).length).toBeLessThanOrEqual(10);
  // Nor does the page, or the bell and its live stream mounted after it, load zod and the contract's schemas
  // (the stream's schema comes with the first pushed notification).
  expect([...english.fetched.keys()].filter((f) => /\/assets\/(schemas|stream-event)-/.test(f))).toEqual([]);
  expect([...english.fetched.keys()].some((f) => /\/assets\/notification-bell-/.test(f))).toBe(true);
  // The toaster mounts with the first toast raised; a page load that raises none never loads or runs it.
  expect([...english.fetched.keys()].filter((f) => /\/assets\/toaster-/.test(f))).toEqual([]);
  // The dashboard's calls go out beside its chunk, once each, and its first render shows their answers: the balance
  // is never drawn as its loading mark (features/dashboard/api.ts; the largest paint is the page's first).
  for (const call of ['/api/v1/user/statement?limit=10', '/api/v1/deposit/my-deposits', '/api/v1/withdraw/my-withdrawals']) {
    expect(english.calls.get(call), call).toBe(1);
  }
  expect(english.balanceWaited).toBe(false);
  // Nor is the page drawn after a skeleton: the first render waits for the page's chunk and draws it with the shell
  // (main.tsx), since a page revealed after its skeleton waits until 300 ms after it (React's throttle).
  expect(english.skeletonShown).toBe(false);

  // The reader switches to Arabic: the client keeps the choice in a cookie, and the next first load is hinted in Arabic.
  await page.goto('/user/dashboard');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');
  const arabic = await firstLoad(browser, context, '/user/dashboard', async (p) => {
    await expect(p.getByRole('heading', { name: 'إجراءات سريعة' })).toBeVisible();
  });
  expectHintsUsedOnce(arabic);
  expect(catalogs(arabic).sort()).toEqual(['ar-app', 'ar-auth']);
  expect([...arabic.fetched.keys()].filter((f) => f.includes('messages-en-'))).toEqual([]);
  expect(arabic.skeletonShown).toBe(false);
  await context.close();
});

test('a visitor\'s first load of a signed-in page goes to /login and makes none of that page\'s calls', async ({ browser }) => {
  // The first render loads the page asked for only when its guard lets the stored login through (area-routes.tsx).
  const load = await firstLoad(browser, { locale: 'en-US' }, '/user/dashboard', async (p) => {
    await expect(p).toHaveURL(/\/login\?/);
    await expect(p.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
  expect([...load.calls.keys()].filter((call) => /statement|my-deposits|my-withdrawals/.test(call))).toEqual([]);
});

test('a public first load in Arabic gets its catalog hinted from the browser\'s language, before any choice is saved', async ({ browser }) => {
  const load = await firstLoad(browser, { locale: 'ar-AE' }, '/login', async (p) => {
    await expect(p.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(p.getByRole('button', { name: 'تسجيل الدخول', exact: true })).toBeVisible();
  });
  expectHintsUsedOnce(load);
  expect(load.hinted.filter((f) => /\/messages-/.test(f)).map((f) => /messages-(\w+-\w+)-/.exec(f)![1])).toEqual(['ar-auth']);
});

test('the home page\'s hero picture, its largest paint, is hinted with the page and fetched once, in both languages', async ({ browser }) => {
  for (const [locale, heading] of [['en-US', 'A clear, simple home for your USDT points'], ['ar-AE', null]] as const) {
    const load = await firstLoad(browser, { locale }, '/', async (p) => {
      await expect(p.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      if (heading) await expect(p.getByRole('heading', { level: 1 })).toContainText(heading);
      await expect(p.getByTestId('hero-art')).toHaveJSProperty('complete', true);
    });
    expectHintsUsedOnce(load);
    expect(load.hinted, locale).toContain('/art/hero.svg');
  }
  // No other page hints it.
  const login = await firstLoad(browser, { locale: 'en-US' }, '/login', async (p) => {
    await expect(p.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
  expect(login.hinted).not.toContain('/art/hero.svg');
  expect(login.fetched.has('/art/hero.svg')).toBe(false);
});
