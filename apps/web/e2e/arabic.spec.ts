// The platform in Arabic (docs/i18n.md). The language is chosen the way a person does: the browser's
// Accept-Language on a first visit, the top bar's switch (kept in local storage, and on the account when signed
// in). Then the main journeys are walked in Arabic at 390 × 844 in both themes, as a visitor, a user and the
// super admin: every page reads right to left, is no wider than the screen, is axe clean and shows no English
// besides names, e-mails, codes, hashes, amounts and the kept words (USDT, TRC20, Tron, xpub, VIP1…VIP7, the brand).
// And the API speaks the request's language: a validation error in Arabic for `Accept-Language: ar`, the product's
// English for `Accept-Language: en`.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { MSG, initialsOf } from '@app/contract';
import { SADMIN, api, expect, expectAccessible, loginViaApi, newUser, test, tronAddress } from './fixtures';
import { ARTICLE_SLUGS } from '../src/features/marketing/article-slugs';

const PHONE = { width: 390, height: 844 };
const ARABIC = /[\u0600-\u06FF]/;
/** Latin words that stay as they are in Arabic copy (the i18n check's KEEP list, plus the network's names). */
const KEPT_WORD = /^(USDT|TRC-?20|Tron|TRON|VIP\d?|ID|TXID|TxID|QR|OK|URL|API|HTTPS?|SMTP|TOTP|PDF|PNG|JPEG|WebP|CSV|IP|xpub)$/;
/** Names of products a page may name (authenticator apps, the browser and system of a session, the chain's API). */
const NAMES = ['Google Authenticator', 'Microsoft Authenticator', 'Aegis', '1Password', 'HeadlessChrome', 'Chrome', 'Linux', 'TronGrid'];

type Theme = 'light' | 'dark';

const hex64 = () => randomBytes(32).toString('hex');

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body as Record<string, any>;
}

async function arabicContext(browser: Browser, theme: Theme): Promise<BrowserContext> {
  // The browser says Arabic (navigator.languages and Accept-Language); the theme is a saved choice.
  const context = await browser.newContext({ viewport: PHONE, locale: 'ar-AE' });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return context;
}

/**
 * Every text on screen: the rendered text of the page (top bar, main, footer and whatever menu is open), the
 * labels read out (aria-label, title, alt, placeholder of shown elements) and the tab's title. The language
 * switch is left out: it names the other language in that language ("English").
 */
async function shownText(page: Page, scope?: string): Promise<string> {
  return page.evaluate((selector) => {
    const root = (selector ? document.querySelector(selector) : document.body) as HTMLElement | null;
    if (!root) return '';
    const swap = document.querySelector<HTMLElement>('[data-testid="language-switch"]');
    const display = swap?.style.display ?? '';
    if (swap) swap.style.display = 'none';
    const parts = [root.innerText];
    if (swap) swap.style.display = display;
    for (const el of root.querySelectorAll<HTMLElement>('[aria-label],[title],[placeholder],img[alt]')) {
      if (swap?.contains(el) || !el.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    if (!selector) parts.push(document.title);
    return parts.join('\n');
  }, scope ?? null);
}

/** The Latin words left once the allowed tokens are taken out, with the lines they stand on. */
function englishLeft(text: string, allowed: readonly string[]): { words: string[]; lines: string[] } {
  // Codes first (addresses, hashes, links, e-mails), then the allowed names: a name's initials ("TU") can stand inside
  // a random Tron address, and taking them out first split the address into two "words" the address rule no longer saw.
  let rest = text
    .replace(/\bhttps?:\/\/\S+/g, ' ') // links (a referral link, an API's address)
    .replace(/\b[A-Z0-9]+(?:[_-][A-Z0-9]+)+\b/g, ' ') // setting keys and header names (DEPOSIT_ADDRESS, TRON-PRO-API-KEY)
    .replace(/\S+@\S+\.\S+/g, ' ') // e-mail addresses
    .replace(/\S+…\S+/g, ' ') // a long value shortened in the middle (T090f939…aefe)
    .replace(/\b(?:0x|T)?[0-9a-fA-F]{16,}\b/g, ' ') // hashes, ids and addresses in hex
    .replace(/\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g, ' ') // Tron addresses
    .replace(/USDT Points/g, ' '); // the brand
  for (const token of [...allowed].filter((a) => a.length > 1).sort((a, b) => b.length - a.length)) rest = rest.split(token).join(' ');
  for (const name of NAMES) rest = rest.split(name).join(' ');
  const isLeft = (w: string) => w.length >= 2 && !/\d/.test(w) && !KEPT_WORD.test(w); // a word with a digit is a code
  const words = new Set<string>();
  const lines = new Set<string>();
  for (const line of rest.split('\n')) {
    const found = (line.match(/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*(?:['’-][A-Za-z0-9]+)*/g) ?? []).filter(isLeft);
    for (const w of found) words.add(w);
    if (found.length) lines.add(line.trim().slice(0, 120));
  }
  return { words: [...words], lines: [...lines].slice(0, 6) };
}

/** The checks of one page, gathered rather than thrown, so that one run lists every page's problems. */
class Walk {
  problems: string[] = [];
  leftovers = new Map<string, string[]>();

  constructor(
    private readonly theme: Theme,
    private readonly allowed: () => readonly string[],
  ) {}

  private async step(where: string, what: string, check: () => Promise<void>) {
    try {
      await check();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.problems.push(`[${this.theme}] ${where}: ${what}: ${text.split('\n').slice(0, 12).join('\n    ')}`);
    }
  }

  /** Leftover English in the whole page (or in `scope`, an open menu), recorded under `where`. */
  async english(page: Page, where: string, scope?: string) {
    await this.step(where, 'English left', async () => {
      // The browser's own user agent (a sign-in's device, named in a notification) is a code, not a text.
      const agent = await page.evaluate(() => navigator.userAgent);
      const { words, lines } = englishLeft(await shownText(page, scope), [...this.allowed(), agent]);
      if (words.length) this.leftovers.set(`[${this.theme}] ${where}`, words);
      expect(words, `English on ${where}:\n      ${lines.join('\n      ')}`).toEqual([]);
    });
  }

  /** Loads a page and checks it: rtl, no sideways scroll at 390 px, axe, no English. */
  async page(page: Page, path: string) {
    await page.goto(path);
    await this.step(path, 'loads', async () => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
    await this.step(path, 'axe', () => expectAccessible(page));
    await this.step(path, 'direction', async () => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    });
    await this.step(path, 'width', async () => {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
    });
    await this.english(page, path);
  }

  /** Opens a menu or panel with `button`, checks its texts (and axe while it is open), then closes it. */
  async menu(page: Page, where: string, button: string, scope: string) {
    await this.step(where, 'opens', async () => {
      await page.locator(button).click();
      await expect(page.locator(scope)).toBeVisible();
    });
    await this.english(page, where, scope);
    await this.step(where, 'axe', () => expectAccessible(page));
    await page.keyboard.press('Escape');
    if (await page.locator(scope).isVisible()) await page.locator(button).click();
  }

  report() {
    const summary = [...this.leftovers].map(([where, words]) => `  ${where}: ${words.join(', ')}`).join('\n');
    expect(this.problems, `Problems in Arabic (leftovers per page:\n${summary || '  none'}\n)`).toEqual([]);
  }
}

/** A new user with something in each list: points from an admin, a pending deposit, a withdrawal, a transfer. */
async function seededUser(browser: Browser, admin: APIRequestContext) {
  const friendContext = await browser.newContext();
  const friend = newUser('arfriend');
  await ok(api(friendContext.request, 'POST', '/user/register', friend));
  await friendContext.close();

  const context = await browser.newContext();
  const user = newUser('arabic');
  const registered = await ok(api(context.request, 'POST', '/user/register', user));
  await ok(api(admin, 'POST', '/adpoint/addpoint', { email: user.email, points: 120 }));
  await ok(api(context.request, 'POST', '/deposit/deposit', { amount: 12, transactionId: hex64() }));
  await ok(api(context.request, 'POST', '/withdraw', { amount: 5, paymentId: tronAddress() }));
  await ok(api(context.request, 'POST', '/point/transfer', { recipientEmail: friend.email, points: 3.3 }));
  await context.close();
  return { ...user, referralCode: String(registered.user.referralCode ?? ''), friend };
}

/** Every user's name and e-mail, as the admin desks list them (names are allowed in any script). */
async function everyName(admin: APIRequestContext): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await ok(api(admin, 'GET', `/user/all?page=${page}&limit=100`));
    for (const row of body.users as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(row)) if (typeof value === 'string' && /name|email/i.test(key)) names.push(value);
    }
    if (page * 100 >= (body.total as number)) break;
  }
  // Closed accounts too: the users desk lists them below (other journeys close test accounts in a full run).
  for (let page = 1; page <= 50; page++) {
    const body = await ok(api(admin, 'GET', `/admin/closed-accounts?page=${page}&limit=100`));
    const rows = body.accounts as { fullName: string; email: string }[];
    for (const row of rows) names.push(row.fullName, row.email);
    if (rows.length < 100) break;
  }
  return names;
}

test.describe('first visit and the language switch', () => {
  test.use({ locale: 'ar-AE', viewport: PHONE });

  test('a browser that asks for Arabic gets it; the switch goes back to English and the choice outlives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
    const swap = page.getByTestId('language-switch');
    // It shows the other language in that language, and its name starts with what it shows (speech input).
    await expect(swap.locator('[lang="en"]')).toHaveText('English');
    await expect(swap).toHaveAccessibleName(/^English ?، تبديل اللغة من العربية$/);

    await swap.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A clear, simple home for your USDT points');
    await expect(swap.locator('[lang="ar"]')).toHaveText('العربية');
    await expect(swap).toHaveAccessibleName(/^العربية ?, switch the language from English$/);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    // The browser still asks for Arabic: the saved choice wins.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A clear, simple home for your USDT points');
  });
});

test('a signed-in user’s choice is saved on the account and follows them to another browser', async ({ browser }) => {
  const first = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await first.newPage();
  const user = newUser('arlang');
  await ok(api(page.request, 'POST', '/user/register', user));
  await loginViaApi(page, user.email, user.password);
  await page.goto('/user/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const saved = page.waitForResponse((res) => res.url().endsWith('/api/v1/user/language') && res.request().method() === 'PUT');
  await page.getByTestId('language-switch').click();
  const res = await saved;
  expect(res.status(), await res.text()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ language: 'ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
  // This device forgets the choice…
  await page.evaluate(() => localStorage.clear());
  await first.close();

  // …and another browser, which asks for English, signs in: the account's Arabic wins.
  const second = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const elsewhere = await second.newPage();
  const login = await api(elsewhere.request, 'POST', '/user/login', { email: user.email, password: user.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.user.language).toBe('ar');
  await loginViaApi(elsewhere, user.email, user.password);
  await elsewhere.goto('/user/dashboard');
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(elsewhere.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
  await second.close();
});

test('an API validation error speaks Arabic for Accept-Language: ar and the spec’s English for en', async ({ page }) => {
  await page.goto('/');
  const answers = await page.evaluate(async () => {
    const xsrf = () => document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
    if (!xsrf()) await fetch('/api/v1/health');
    const ask = async (lang: string) => {
      const res = await fetch('/api/v1/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang, 'x-xsrf-token': decodeURIComponent(xsrf() ?? '') },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as { success?: boolean; message?: string } };
    };
    return { ar: await ask('ar'), en: await ask('en') };
  });
  expect(answers.en.status).toBe(400);
  expect(answers.en.body.message).toBe(MSG.fillAll);
  expect(answers.ar.status).toBe(400);
  expect(answers.ar.body.message, JSON.stringify(answers.ar.body)).toMatch(ARABIC);
  expect(answers.ar.body.message).not.toMatch(/[A-Za-z]{2,}/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the main journeys in Arabic (${theme}): right to left, 390 px wide, axe clean, no English left`, async ({ browser }) => {
    test.setTimeout(300_000);
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    await ok(api(admin, 'POST', '/user/login', SADMIN));
    const user = await seededUser(browser, admin);

    // A person's initials (the transfer page's recent recipients) are their name too.
    let allowed: string[] = [user.fullName, user.email, user.referralCode, user.friend.fullName, user.friend.email, initialsOf(user.friend.fullName)];
    const walk = new Walk(theme, () => allowed);

    // A visitor.
    const visitorContext = await arabicContext(browser, theme);
    const visitor = await visitorContext.newPage();
    for (const path of ['/', '/allpackage', '/blog', `/blog/${ARTICLE_SLUGS[0]}`, '/login', '/signup']) await walk.page(visitor, path);
    await visitorContext.close();

    // A user. Signing up keeps the account in English: the user picks Arabic, which saves it on the account
    // (the journey above asserts that; here the browser's Arabic carries the pages either way).
    const userContext = await arabicContext(browser, theme);
    const page = await userContext.newPage();
    await loginViaApi(page, user.email, user.password);
    await api(page.request, 'PUT', '/user/language', { language: 'ar' });
    for (const path of [
      '/user/dashboard',
      '/user/deposit',
      '/user/withdraw',
      '/user/transfer',
      '/user/statement',
      '/user/history',
      '/user/profile',
      '/user/referrals',
      '/user/security',
      '/user/notifications',
      '/user/support',
      '/user/verification',
    ]) {
      await walk.page(page, path);
    }
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await walk.menu(page, '/user/dashboard, side menu', 'button[aria-controls="side-menu"]', '#side-menu');
    await walk.menu(page, '/user/dashboard, user menu', '[data-testid="user-menu-button"]', '[role="menu"]');
    await walk.menu(page, '/user/dashboard, notifications panel', '[data-testid="notification-bell"]', '[role="dialog"][aria-modal="false"]');
    await userContext.close();

    // The super admin (shared with other journeys: its account language goes back to English at the end).
    const adminPageContext = await arabicContext(browser, theme);
    const desk = await adminPageContext.newPage();
    await loginViaApi(desk, SADMIN.email, SADMIN.password);
    try {
      await api(desk.request, 'PUT', '/user/language', { language: 'ar' });
      allowed = [...allowed, ...(await everyName(admin))];
      for (const path of ['/allusers', '/admin/deposit', '/admin/withdraw', '/admin/settings', '/admin/announcements', '/admin/support', '/admin/kyc', '/admin/kyc-form']) await walk.page(desk, path);
      await desk.goto('/allusers');
      await expect(desk.getByRole('heading', { level: 1 })).toBeVisible();
      await walk.menu(desk, '/allusers, side menu', 'button[aria-controls="side-menu"]', '#side-menu');
    } finally {
      await api(desk.request, 'PUT', '/user/language', { language: 'en' });
      await adminPageContext.close();
      await adminContext.close();
    }

    walk.report();
  });
}
