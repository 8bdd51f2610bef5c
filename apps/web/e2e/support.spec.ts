// Support tickets in the browser (docs/product.md#support): a user opens a ticket about one of their deposits
// with a screenshot, an admin finds it on the desk and answers (and writes a note), the user sees the answer arrive
// live on the open thread (the notification stream) without the note, and replies. At 360 and 1,280 px, in English
// and Arabic, light and dark; every page axe-clean and never wider than the screen.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { SADMIN, api, expect, expectAccessible, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

type Theme = 'light' | 'dark';
type Lang = 'en' | 'ar';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)]);

async function context(browser: Browser, width: number, theme: Theme, lang: Lang) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return ctx.newPage();
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

async function check(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expectAccessible(page);
  await noSidewaysScroll(page);
}

/** Loads `path` and waits until the bell's live stream is connected. */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/v1/notifications/stream') && res.status() === 200);
  await page.goto(path);
  await stream;
}

const COMBOS: [number, Lang, Theme][] = [
  [360, 'en', 'light'],
  [360, 'ar', 'dark'],
  [1280, 'en', 'dark'],
  [1280, 'ar', 'light'],
];

for (const [width, lang, theme] of COMBOS) {
  test(`a ticket with a screenshot about a deposit, answered live (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const user = await context(browser, width, theme, lang);
    const me = await signUpViaApi(user, newUser('support'));
    if (lang === 'ar') expect((await api(user.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
    const deposit = (await api(user.request, 'POST', '/deposit/deposit', { amount: 12, transactionId: randomBytes(32).toString('hex') })).body.deposit;

    // The user opens the ticket from the page.
    await openWithStream(user, '/user/support');
    await expect(user.getByTestId('my-tickets')).toHaveCount(0);
    await check(user, lang);
    const subject = `Not credited ${randomBytes(3).toString('hex')}`;
    await user.locator('input[name="subject"]').fill(subject);
    await user.locator('main form select').nth(1).selectOption(`deposit:${deposit._id}`);
    await user.locator('textarea[name="message"]').fill('I paid but it is not credited. Screenshot attached.');
    await user.locator('input[type="file"]').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    await expect(user.getByText('screenshot.png', { exact: true })).toBeVisible();
    await user.locator('main form button[type="submit"]').click();
    await expect(user).toHaveURL(/\/user\/support\/[0-9a-f-]{36}$/);
    await expect(user.getByTestId('ticket-message')).toHaveCount(1);
    await expect(user.getByTestId('ticket-thread').locator('img')).toHaveCount(1);
    await check(user, lang);
    const ticketUrl = user.url();

    // An admin of their own (a fresh account promoted by the super admin) answers from the desk, and writes a note.
    const desk = await context(browser, width, theme, lang);
    const staff = newUser('desk');
    const signed = await api(desk.request, 'POST', '/user/register', staff);
    const sadmin = await browser.newContext();
    await api(sadmin.request, 'POST', '/user/login', SADMIN);
    expect((await api(sadmin.request, 'PUT', `/user/${signed.body.user._id}/update-role`, { role: 'ADMIN' })).status).toBe(200);
    await sadmin.close();
    await loginViaApi(desk, staff.email, staff.password);
    if (lang === 'ar') await api(desk.request, 'PUT', '/user/language', { language: 'ar' });
    await desk.goto('/admin/support');
    await desk.locator('input[type="search"]').fill(me.email);
    const row = desk.getByTestId('desk-tickets').getByRole('link', { name: subject });
    await expect(row).toBeVisible();
    await check(desk, lang);
    await row.click();
    await expect(desk.getByTestId('ticket-about')).toContainText('12.00 USDT · ');
    await expect(desk.getByTestId('desk-balance')).toHaveText('0.00');
    await check(desk, lang);
    await desk.locator('main form input[type="checkbox"]').check();
    await desk.locator('textarea[name="message"]').fill('NOTE: checked the chain, the payment is there.');
    await desk.locator('main form button[type="submit"]').click();
    await expect(desk.getByTestId('internal-note')).toHaveCount(1);
    await desk.locator('textarea[name="message"]').fill('We found your payment: it is credited within the hour.');
    await desk.locator('main form button[type="submit"]').click();
    await expect(desk.getByTestId('ticket-message')).toHaveCount(2);
    await check(desk, lang);

    // The user's open thread shows the answer without a reload (the stream), never the note; they reply.
    expect(user.url()).toBe(ticketUrl);
    await expect(user.getByTestId('ticket-message')).toHaveCount(2, { timeout: 15_000 });
    await expect(user.getByTestId('ticket-thread')).toContainText('We found your payment');
    await expect(user.getByTestId('ticket-thread')).not.toContainText('NOTE:');
    await expect(user.getByTestId('internal-note')).toHaveCount(0);
    await user.locator('textarea[name="message"]').fill('Thank you!');
    await user.locator('main form button[type="submit"]').click();
    await expect(user.getByTestId('ticket-message')).toHaveCount(3);
    await check(user, lang);

    // The desk's open thread shows the user's reply live too (its stream re-reads it).
    await expect(desk.getByTestId('ticket-message')).toHaveCount(3, { timeout: 15_000 });
    await expect(desk.getByTestId('ticket-thread')).toContainText('Thank you!');
    await user.context().close();
    await desk.context().close();
  });
}
