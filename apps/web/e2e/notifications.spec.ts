// Journeys of the notification centre (docs/product.md#notifications): a transfer reaches the recipient's open tab live (bell count,
// panel naming the sender) and by one e-mail; marking read; paging; e-mail preferences; an admin's announcement;
// axe on the page, the open panel and the admin page in both themes; no sideways scroll at 390 px.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, newUser, rewriteJson, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

type Theme = 'light' | 'dark';

/** A new browser context signed up as a new user (or logged in as `login`), on `/`. */
async function userPage(browser: Browser, options: { theme?: Theme; width?: number; login?: { email: string; password: string } } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? DESKTOP.width, height: DESKTOP.height } });
  const page = await context.newPage();
  if (options.theme) await page.addInitScript((t) => localStorage.setItem('theme', t), options.theme);
  if (options.login) {
    const user = await loginViaApi(page, options.login.email, options.login.password);
    return { page, user: { ...options.login, fullName: (user as unknown as { fullName: string }).fullName } };
  }
  const user = await signUpViaApi(page, newUser('notify'));
  return { page, user };
}

/** Loads `path` and waits until the bell's live stream is connected (the server answered the EventSource). */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/v1/notifications/stream') && res.status() === 200);
  await page.goto(path);
  await stream;
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
/** The rows of the /user/notifications list (the closed panel holds rows too). */
const rows = (page: Page) => page.getByRole('main').getByTestId('notification');

async function unreadViaApi(page: Page): Promise<number> {
  const res = await api(page.request, 'GET', '/notifications?page=1&limit=1');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.unread as number;
}

async function expectUnread(page: Page, unread: number) {
  // The name carries the count as the badge shows it: the visible label is in the name (WCAG 2.5.3).
  const badge = unread > 99 ? '99+' : String(unread);
  await expect(bell(page)).toHaveAccessibleName(unread > 0 ? `Notifications, ${badge} unread` : 'Notifications');
  if (unread > 0) await expect(page.getByTestId('notification-count')).toHaveText(badge);
  else await expect(page.getByTestId('notification-count')).toHaveCount(0);
}

let adminRequest: Awaited<ReturnType<typeof adminSession>> | undefined;
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  expect((await api(context.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  return context.request;
}

/** The super admin adds points to `email` (each addition is a notification for that user). */
async function addPoints(browser: Browser, email: string, points: number) {
  adminRequest ??= await adminSession(browser);
  const res = await api(adminRequest, 'POST', '/adpoint/addpoint', { email, points });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Quoted-printable body → text: soft line breaks and the escaped "=". */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The e-mails in the e2e server's outbox (DATA_DIR/outbox, see playwright.config.ts) to `email` that mention `text`. */
async function mailsTo(email: string, text: string): Promise<number> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const mails = await Promise.all(names.map(async (n) => decodeQuotedPrintable(await readFile(path.join(outbox, n), 'utf8'))));
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  return mails.filter((m) => to.test(m) && m.includes(text)).length;
}

test('a transfer: the recipient’s open tab counts it live, the panel names the sender, and one e-mail arrives', async ({ browser }) => {
  test.slow(); // two users in two contexts, and a wait for a duplicate e-mail
  const { page: bob, user: B } = await userPage(browser);
  const { page: alice, user: A } = await userPage(browser);
  await addPoints(browser, A.email, 20);

  await openWithStream(bob, '/user/profile');
  const before = await unreadViaApi(bob);
  await expectUnread(bob, before);
  // A marker in the page's memory: a reload would drop it.
  await bob.evaluate(() => Object.assign(window, { notReloaded: true }));

  const sent = await api(alice.request, 'POST', '/point/transfer', { recipientEmail: B.email, points: 7.5 });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  await expectUnread(bob, before + 1);
  expect(await bob.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expectToast(bob, /received/i);

  await bell(bob).click();
  await expect(bell(bob)).toHaveAttribute('aria-expanded', 'true');
  const received = panel(bob).getByTestId('notification').first();
  await expect(received).toContainText(/received/i);
  await expect(received).toContainText(A.fullName);
  await expect(received).not.toContainText(A.email);
  // The amount reads as everywhere else in the app: 7.50 USDT (docs/voice.md).
  await expect(received).toContainText(`“${A.fullName}” sent you 7.50 USDT.`);

  // The sender is told too (sent), in their own centre.
  await openWithStream(alice, '/user/notifications');
  await expect(rows(alice).filter({ hasText: /sent/i }).first()).toBeVisible();

  // Exactly one e-mail to the recipient about it: wait for it, then give a duplicate time to appear.
  await expect.poll(() => mailsTo(B.email, A.fullName), { message: `a transfer e-mail to ${B.email}`, timeout: 15_000 }).toBe(1);
  await bob.waitForTimeout(3_000);
  expect(await mailsTo(B.email, A.fullName)).toBe(1);
  // …saying the amount in USDT, as the centre does.
  expect(await mailsTo(B.email, 'sent you 7.50 USDT.')).toBe(1);
});

test('marking one or all read updates the count; the page pages; the panel closes on Escape and outside clicks', async ({ browser }) => {
  test.slow(); // 21 notifications made through the API, then a long walk through the UI
  const { page, user } = await userPage(browser);
  for (let i = 1; i <= 21; i++) await addPoints(browser, user.email, i);
  const total = await unreadViaApi(page);
  expect(total).toBeGreaterThanOrEqual(21);

  await openWithStream(page, '/user/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectUnread(page, total);
  await expect(page.getByTestId('unread-summary')).toHaveText(`${total} unread`);
  await expect(rows(page)).toHaveCount(20);
  const pages = page.getByRole('navigation', { name: 'Notifications pages' });
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(total / 20)}`);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of');
  await expect(rows(page)).toHaveCount(total - 20);
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(rows(page)).toHaveCount(20);

  // Mark one read on the page.
  const first = rows(page).first();
  await first.getByRole('button', { name: /^Mark .* as read$/ }).click();
  await expect(first).toHaveAttribute('data-read', 'true');
  await expectUnread(page, total - 1);
  await expect(page.getByTestId('unread-summary')).toHaveText(`${total - 1} unread`);

  // The panel: keyboard opens it with focus inside; Escape closes it and focus returns to the bell.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Notifications' })).toBeFocused();
  await expect(panel(page).getByTestId('notification')).toHaveCount(8);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');

  // Mark one read in the panel; a click outside closes it.
  await bell(page).click();
  const unreadInPanel = panel(page).locator('[data-testid="notification"][data-read="false"]').first();
  await unreadInPanel.getByRole('button', { name: /^Mark .* as read$/ }).click();
  await expectUnread(page, total - 2);
  await expect(panel(page).getByRole('heading', { name: 'Notifications' })).toBeFocused();
  // Outside: the page's heading, with the page scrolled back to the top (scrolled, the heading sits under the
  // sticky top bar, whose panel would take the click).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { level: 1 }).click({ position: { x: 5, y: 5 } });
  await expect(panel(page)).toBeHidden();

  // Mark all read.
  await page.getByRole('main').getByRole('button', { name: 'Mark all as read' }).click();
  await expectUnread(page, 0);
  await expect(page.getByTestId('unread-summary')).toHaveText('All read');
  await expect(page.getByRole('main').locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
  expect(await unreadViaApi(page)).toBe(0);

  // "All notifications" in the panel leads here and closes the panel.
  await page.goto('/user/profile');
  await bell(page).click();
  await panel(page).getByRole('link', { name: 'All notifications' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(panel(page)).toBeHidden();
});

test('e-mail preferences persist across a reload; security e-mails cannot be turned off', async ({ browser }) => {
  const { page } = await userPage(browser);
  await page.goto('/user/notifications');
  const transfers = page.getByRole('switch', { name: 'Transfers' });
  const security = page.getByRole('switch', { name: 'Security' });
  await expect(transfers).toHaveAttribute('aria-checked', 'true');
  await expect(security).toHaveAttribute('aria-checked', 'true');
  await expect(security).toBeDisabled();
  await expect(security).toHaveAccessibleDescription(/cannot be turned off/);

  await transfers.click();
  await expect(transfers).toHaveAttribute('aria-checked', 'false');
  await expectToast(page, /saved|updated/i);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Transfers' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Announcements' })).toHaveAttribute('aria-checked', 'true');
  const saved = await api(page.request, 'GET', '/notifications/preferences');
  expect(saved.body.preferences).toMatchObject({ transfers: false, security: true, announcements: true });

  // The server refuses to turn security off whatever a client sends.
  const refused = await api(page.request, 'PUT', '/notifications/preferences', { preferences: { security: false } });
  expect(refused.status === 400 || refused.body?.preferences?.security === true, JSON.stringify(refused)).toBe(true);
  expect((await api(page.request, 'GET', '/notifications/preferences')).body.preferences.security).toBe(true);

  await page.getByRole('switch', { name: 'Transfers' }).click();
  await expect(page.getByRole('switch', { name: 'Transfers' })).toHaveAttribute('aria-checked', 'true');
});

test('an admin announces to all users, after a confirmation naming the audience; an open tab shows it live', async ({ browser }) => {
  test.slow(); // two contexts, axe twice
  const { page: reader } = await userPage(browser);
  const { page: admin } = await userPage(browser, { login: SADMIN });
  const title = `Maintenance ${Date.now().toString(36)}`;

  await openWithStream(reader, '/user/notifications');
  const before = await unreadViaApi(reader);

  await admin.goto('/admin/dashboard');
  await admin.locator('nav#side-menu').getByRole('link', { name: 'Announcements' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('radio', { name: /All users/ }).check();
  await admin.getByLabel('Title').fill(title);
  await expect(admin.getByText(`${title.length} / 120 characters`)).toBeVisible();
  await admin.getByLabel('Message').fill('The platform pauses for ten minutes tonight.\nYour balance is safe.');
  await admin.getByRole('button', { name: 'Send announcement' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('Send to all users?');
  await expect(dialog).toContainText('every user');
  // Cancel sends nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByTestId('announcement-row').filter({ hasText: title })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Send announcement' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expectToast(admin, /sent|announc/i);
  const row = admin.getByTestId('announcement-row').filter({ hasText: title });
  await expect(row).toContainText('To all users');
  expect(Number((await row.getByTestId('announcement-recipients').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
  await expectAccessible(admin);

  // The reader's open tab: the count goes up and the list shows it, without a reload.
  await expectUnread(reader, before + 1);
  await expect(rows(reader).filter({ hasText: title })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe in the ${theme} theme: the notifications page and the open panel`, async ({ browser }) => {
    test.slow(); // axe twice on a shared two-core machine
    const { page, user } = await userPage(browser, { theme });
    await addPoints(browser, user.email, 3);
    await page.goto('/user/notifications');
    await expect(rows(page).first()).toBeVisible();
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('switch', { name: 'Security' })).toBeVisible();
    await expectAccessible(page);
    await bell(page).click();
    await expect(panel(page).getByTestId('notification').first()).toBeVisible();
    await expectAccessible(page);
  });

  test(`axe in the ${theme} theme: the announcements page`, async ({ browser }) => {
    const { page: admin } = await userPage(browser, { theme, login: SADMIN });
    await admin.goto('/admin/announcements');
    await expect(admin.getByRole('heading', { level: 2, name: 'Sent announcements' })).toBeVisible();
    await expect(admin.getByRole('status').filter({ hasText: 'Loading announcements' })).toHaveCount(0);
    await expectAccessible(admin);
  });
}

for (const width of [360, 390] as const) {
  test(`no sideways scroll at ${width} px: the notifications page, the open panel, the announcements page`, async ({ browser }) => {
    test.slow(); // two browser contexts
    const noSidewaysScroll = (page: Page) =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { page, user } = await userPage(browser, { width });
    await addPoints(browser, user.email, 1);
    await page.goto('/user/notifications');
    await expect(rows(page).first()).toBeVisible();
    await noSidewaysScroll(page);
    await bell(page).click();
    const box = await panel(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, JSON.stringify(box)).toBe(true);
    await noSidewaysScroll(page);

    const { page: admin } = await userPage(browser, { width, login: SADMIN });
    await admin.goto('/admin/announcements');
    await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await noSidewaysScroll(admin);
  });
}

test('above 99 unread the badge says 99+, and so does the bell\'s name', async ({ browser }) => {
  const { page } = await userPage(browser);
  await rewriteJson(page, /\/api\/v1\/notifications\?/, (body) => {
    body.unread = 5004;
  });
  await page.goto('/user/dashboard');
  await expectUnread(page, 5004);
  await page.context().close();
});

test('signed out: no bell and no stream', async ({ page }) => {
  const streams: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/notifications')) streams.push(req.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(streams).toEqual([]);
});

test('logging out closes the live stream and removes the bell', async ({ browser }) => {
  const { page } = await userPage(browser);
  await openWithStream(page, '/user/profile');
  await expect(bell(page)).toBeVisible();
  const closed = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/api/v1/notifications/stream'));
  await page.locator('nav#side-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await closed;
  await expect(bell(page)).toHaveCount(0);
});
