// A home for signed-in users, and choices that carry through a login. Login lands on /user/dashboard;
// the dashboard shows the server's numbers; a VIP choice and a deep link survive the redirect to /login; the
// top bar's user menu works by keyboard; the page is axe clean in both themes and never scrolls sideways.
import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { DESKTOP, SADMIN, api, expect, expectAccessible, fillLogin, fillSignup, loginViaApi, newUser, test, tronAddress } from './fixtures';

test.use({ viewport: DESKTOP });

const hex64 = () => randomBytes(32).toString('hex');
/** As the app shows points: 2 decimals, thousands grouped (contract formatPoints). */
const points = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signed = (n: number) => `${n > 0 ? '+' : ''}${points(n)}`;

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body;
}

/** A fresh, anonymous browser context. */
async function anonymousPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** A member registered from another context (this page stays anonymous until it logs in through the form). */
async function registered(browser: Browser, prefix: string, fullName?: string) {
  const u = newUser(prefix);
  if (fullName) u.fullName = fullName;
  const page = await anonymousPage(browser);
  await ok(api(page.request, 'POST', '/user/register', u));
  return { u, page };
}

async function adminPage(browser: Browser) {
  const page = await anonymousPage(browser);
  await ok(api(page.request, 'POST', '/user/login', SADMIN));
  return page;
}

test('the VIP3 choice survives the login redirect, and the sign-up detour too', async ({ browser }) => {
  const { u, page: owner } = await registered(browser, 'vipchoice');
  await owner.context().close();

  const page = await anonymousPage(browser);
  await page.goto('/allpackage');
  await page.getByRole('link', { name: /^Choose VIP3\b/ }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fpackage%3Fvip%3D3$/);
  await fillLogin(page, u.email, u.password);
  await expect(page).toHaveURL(/\/user\/package\?vip=3$/);
  const vip3 = page.getByRole('radio', { name: /VIP3/ });
  await expect(vip3.first()).toBeVisible();
  for (const radio of await vip3.all()) await expect(radio).toBeChecked();
  for (const radio of await page.getByRole('radio', { name: /VIP[124567]/ }).all()) await expect(radio).not.toBeChecked();
  await page.context().close();

  // A new visitor goes from the login form to sign-up: the choice still comes along.
  const fresh = await anonymousPage(browser);
  await fresh.goto('/allpackage');
  await fresh.getByRole('link', { name: /^Choose VIP5\b/ }).click();
  await expect(fresh).toHaveURL(/\/login\?next=%2Fuser%2Fpackage%3Fvip%3D5$/);
  await fresh.getByRole('link', { name: 'Create an account' }).click();
  await expect(fresh).toHaveURL(/\/signup\?next=%2Fuser%2Fpackage%3Fvip%3D5$/);
  await fillSignup(fresh, newUser('vipsignup'));
  await expect(fresh).toHaveURL(/\/user\/package\?vip=5$/);
  for (const radio of await fresh.getByRole('radio', { name: /VIP5/ }).all()) await expect(radio).toBeChecked();
  await fresh.context().close();
});

test('a deep link comes back after login, query included; a foreign return target is refused', async ({ browser }) => {
  test.setTimeout(180_000); // three logins through the form (argon2 on a shared machine)
  const { u, page: owner } = await registered(browser, 'deeplink');
  await owner.context().close();

  const page = await anonymousPage(browser);
  await page.goto('/user/history?page=2');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fhistory%3Fpage%3D2$/);
  await fillLogin(page, u.email, u.password);
  await expect(page).toHaveURL(/\/user\/history\?page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.context().close();

  // More spellings are in the unit test (src/lib/return-path.test.ts); two through the real form here.
  for (const next of ['//evil.example/x', '/\\evil.example']) {
    const other = await anonymousPage(browser);
    await other.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillLogin(other, u.email, u.password);
    await expect(other, `next=${next}`).toHaveURL(/^http:\/\/localhost:\d+\/user\/dashboard$/);
    await other.context().close();
  }
});

test('login lands on /user/dashboard, whose numbers are the API\'s', async ({ browser }) => {
  test.setTimeout(180_000); // four sign-ups and a login, eleven money calls, four axe scans
  const longName = `Dashboard ${'Longname'.repeat(6)}`.slice(0, 60);
  const { u, page: owner } = await registered(browser, 'dash', longName);
  const admin = await adminPage(browser);
  const { u: friend, page: friendPage } = await registered(browser, 'dashfriend');
  await friendPage.context().close();

  // More than five movements; deposits and withdrawals both pending and settled; long references.
  for (const p of [120, 30.5, 7.25]) await ok(api(admin.request, 'POST', '/adpoint/addpoint', { email: u.email, points: p }));
  const settledDeposit = await ok(api(owner.request, 'POST', '/deposit/deposit', { amount: 12, transactionId: hex64() }));
  await ok(api(admin.request, 'POST', `/deposit/deposit/${settledDeposit.deposit._id}`));
  await ok(api(owner.request, 'POST', '/deposit/deposit', { amount: 40, transactionId: hex64() }));
  await ok(api(owner.request, 'POST', '/deposit/deposit', { amount: 1234.56, transactionId: hex64() }));
  const paid = await ok(api(owner.request, 'POST', '/withdraw', { amount: 5, paymentId: tronAddress() }));
  await ok(api(admin.request, 'POST', `/withdraw/${paid.withdrawal._id}`));
  await ok(api(owner.request, 'POST', '/withdraw', { amount: 9.99, paymentId: tronAddress() }));
  await ok(api(owner.request, 'POST', '/point/transfer', { recipientEmail: friend.email, points: 3.3 }));
  await admin.context().close();

  const page = await anonymousPage(browser);
  await page.goto('/login');
  await fillLogin(page, u.email, u.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-menu-name')).toHaveText(longName);

  // Balance: the API's, in view at once.
  const point = (await ok(api(page.request, 'GET', '/user/point'))).point as number;
  await expect(page.getByTestId('dashboard-balance')).toHaveText(points(point));

  // The activity feed: the newest ten statement lines (all seven here), newest first, as GET /user/statement gives
  // them; the transfer named by the friend's name, not their e-mail.
  const statement = await ok(api(page.request, 'GET', '/user/statement?limit=10'));
  const entries = statement.entries as { amount: number; kind: string; counterparty: string | null }[];
  expect(entries).toHaveLength(7);
  const movements = page.getByTestId('activity-line');
  await expect(movements).toHaveCount(7);
  await expect(page.getByTestId('activity-amount')).toHaveText(entries.map((e) => `${signed(e.amount)} USDT`));
  const sent = entries.findIndex((e) => e.kind === 'transfer');
  expect(entries[sent].counterparty).toBe(friend.fullName);
  await expect(movements.nth(sent).getByTestId('activity-title')).toHaveText(friend.fullName);
  await expect(movements.nth(sent)).not.toContainText(friend.email);

  // Pending deposits and withdrawals, as their APIs list them.
  const deposits = ((await ok(api(page.request, 'GET', '/deposit/my-deposits'))).deposits as { amount: number; deposited: boolean; transactionId: string }[]).filter((d) => !d.deposited);
  const withdrawals = ((await ok(api(page.request, 'GET', '/withdraw/my-withdrawals'))).withdrawals as { amount: number; withdrawed: boolean; paymentId: string }[]).filter((w) => !w.withdrawed);
  expect(deposits).toHaveLength(2);
  expect(withdrawals).toHaveLength(1);
  const pendingDeposits = page.getByRole('list', { name: 'Pending deposits' });
  await expect(pendingDeposits.getByTestId('pending-amount')).toHaveText(deposits.map((d) => `${points(d.amount)} USDT`));
  for (const d of deposits) await expect(pendingDeposits).toContainText(d.transactionId);
  await expect(pendingDeposits).toContainText('Pending');
  const pendingWithdrawals = page.getByRole('list', { name: 'Pending withdrawals' });
  await expect(pendingWithdrawals.getByTestId('pending-amount')).toHaveText(withdrawals.map((w) => `${points(w.amount)} USDT`));
  await expect(pendingWithdrawals).toContainText(withdrawals[0].paymentId);

  // Subscription: not subscribed, so the next step is Subscribe (on the profile).
  await expect(page.getByTestId('subscription-state')).toHaveText('Not subscribed');
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/user/profile');
  for (const [name, href] of [['Deposit', '/user/deposit'], ['Withdraw', '/user/withdraw'], ['Transfer', '/user/transfer'], ['Statement', '/user/statement']]) {
    await expect(page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // The side menu starts the signed-in part with the dashboard.
  await expect(page.locator('nav#side-menu a[href="/user/dashboard"]')).toHaveAttribute('aria-current', 'page');

  // axe in both themes, with the user menu open too; no sideways scroll on phones.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('activity-line')).toHaveCount(7);
    await expectAccessible(page);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  }
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(page.getByTestId('activity-line')).toHaveCount(7);
    await expect(page.getByRole('list', { name: 'Pending deposits' }).getByTestId('pending-row')).toHaveCount(2);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(innerWidth);
    await expect(page.getByTestId('user-menu-button')).toBeInViewport();
  }
  await owner.context().close();
  await page.context().close();
});

test('the top bar names who is signed in; its menu works by keyboard and logs out', async ({ browser }) => {
  const { u, page } = await registered(browser, 'usermenu');
  await loginViaApi(page, u.email, u.password);
  await page.goto('/user/dashboard');
  const button = page.getByRole('button', { name: `Account menu for ${u.fullName}` });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('user-menu-name')).toHaveText(u.fullName);

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  const item = (name: string) => menu.getByRole('menuitem', { name });
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Security', 'Logout']);
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Security')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Logout')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Logout')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Logout')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ↓ opens on the first item; Enter follows it.
  await page.keyboard.press('ArrowDown');
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/security$/);
  await expect(menu).toBeHidden();

  // ↑ opens on the last item: Logout, with the app's own logout.
  await button.focus();
  await page.keyboard.press('ArrowUp');
  await expect(item('Logout')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0);
  expect((await api(page.request, 'GET', '/user/me')).status).toBe(401);
  await page.context().close();
});
