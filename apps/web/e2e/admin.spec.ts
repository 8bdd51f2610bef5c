// Journeys for the admin desk (docs/product.md#routes /allusers, #validation confirmation prompts, #roles roles; #api-conventions, #security-rules):
// the users table with its locks, a promotion and a deletion behind the product's prompts, the dashboard's
// figures, and the super admin's audit log of both changes.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

const CONFIRM_ROLE = "Are you sure you want to change this user's role?";
const CONFIRM_DELETE = 'Are you sure you want to delete this user?';

/** A user signed up in a browser context of their own (so the admin's cookies are untouched). */
async function userInOwnContext(browser: Browser, prefix: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const user = await signUpViaApi(page, newUser(prefix));
  return { context, page, user };
}

/** Types into the users search box and waits until the table shows exactly this e-mail's row. */
async function searchUsers(page: Page, email: string) {
  await page.getByLabel('Search by name or e-mail').fill(email);
  const rows = page.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(page).toHaveURL(/[?&]q=/);
}

test('the admin locks SADMIN rows, promotes one user and deletes another; the audit log records both', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const promoted = await userInOwnContext(browser, 'promote');
  const deleted = await userInOwnContext(browser, 'delete');

  // Before deletion, the second user claims a deposit (docs/product.md#api POST /deposit/deposit).
  const transactionId = randomBytes(32).toString('hex');
  const deposit = await api(deleted.page.request, 'POST', '/deposit/deposit', { amount: 12.5, transactionId });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);

  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await page.goto('/allusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
  const menu = page.locator('nav#side-menu');
  await expect(menu.locator('a[href="/admin/dashboard"]')).toHaveText('Dashboard');
  await expect(menu.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expectAccessible(page);

  // Admins come first: the first row is an admin (the SADMIN, on a fresh database).
  await expect(page.getByTestId('admin-user-row').first().getByRole('combobox')).not.toHaveValue('USER');

  // The SADMIN row (also the admin's own row) cannot be changed or deleted.
  await searchUsers(page, SADMIN.email);
  const sadminRole = page.getByLabel(`Role for ${SADMIN.email}`);
  await expect(sadminRole).toBeDisabled();
  await expect(sadminRole).toHaveAttribute('title', 'A super admin cannot be changed or deleted');
  // Delete sits in the row's menu.
  await page.getByRole('button', { name: `More ${SADMIN.email}` }).click();
  await expect(page.getByRole('button', { name: `Delete ${SADMIN.email}` })).toBeDisabled();
  await page.keyboard.press('Escape');

  // The selector offers only User and Admin on an ordinary row; dismissing the prompt changes nothing.
  await searchUsers(page, deleted.user.email);
  const deletedRole = page.getByLabel(`Role for ${deleted.user.email}`);
  await expect(deletedRole.locator('option')).toHaveText(['User', 'Admin']);
  let dismissed = '';
  page.once('dialog', (dialog) => {
    dismissed = dialog.message();
    void dialog.dismiss();
  });
  await deletedRole.selectOption('ADMIN');
  expect(dismissed).toBe(CONFIRM_ROLE);
  await expect(deletedRole).toHaveValue('USER');

  // Promote: the product's prompt, accepted.
  await searchUsers(page, promoted.user.email);
  const promotedRole = page.getByLabel(`Role for ${promoted.user.email}`);
  await expect(promotedRole).toHaveValue('USER');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await promotedRole.selectOption('ADMIN');
  expect(asked).toBe(CONFIRM_ROLE);
  await expectToast(page, /Role changed to ADMIN/);
  await expect(promotedRole).toHaveValue('ADMIN');
  await expectAccessible(page);

  // The promoted user logs in again (the role change ended their sessions) and reaches /allusers.
  const again = await loginViaApi(promoted.page, promoted.user.email, promoted.user.password);
  expect(again.role).toBe('ADMIN');
  await promoted.page.goto('/allusers');
  await promoted.page.waitForLoadState('networkidle');
  await expect(promoted.page).toHaveURL(/\/allusers$/);
  await expect(promoted.page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const promotedMenu = promoted.page.locator('nav#side-menu');
  await expect(promotedMenu.locator('a[href="/admin/dashboard"]')).toHaveText('Dashboard');
  await expect(promotedMenu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  // Their own row is locked for them.
  await searchUsers(promoted.page, promoted.user.email);
  await expect(promoted.page.getByLabel(`Role for ${promoted.user.email}`)).toBeDisabled();
  await promoted.page.getByRole('button', { name: `More ${promoted.user.email}` }).click();
  await expect(promoted.page.getByRole('button', { name: `Delete ${promoted.user.email}` })).toBeDisabled();
  await expectAccessible(promoted.page);
  // The audit log is for the super admin only.
  await promoted.page.goto('/admin/audit');
  await expect(promoted.page).toHaveURL(/\/denied$/);
  await promoted.context.close();

  // Delete: the product's prompt, accepted.
  await searchUsers(page, deleted.user.email);
  let askedDelete = '';
  page.once('dialog', (dialog) => {
    askedDelete = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: `More ${deleted.user.email}` }).click();
  await page.getByRole('button', { name: `Delete ${deleted.user.email}` }).click();
  expect(askedDelete).toBe(CONFIRM_DELETE);
  await expectToast(page, /User deleted/);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(0);
  await expect(page.getByText(`No users match “${deleted.user.email}”.`)).toBeVisible();
  // It is listed among the closed accounts, with the balance it still holds.
  const closed = page.getByTestId('closed-account-row').filter({ hasText: deleted.user.email });
  await expect(closed).toContainText('0.00');
  await expectAccessible(page);

  // The deleted user cannot log in; their deposit stays in the admin's list.
  const login = await api(deleted.page.request, 'POST', '/user/login', { email: deleted.user.email, password: deleted.user.password });
  expect(login.status).toBe(401);
  await deleted.context.close();
  const deposits = await api(page.request, 'GET', `/deposit/deposit?email=${encodeURIComponent(deleted.user.email)}`);
  expect(deposits.status).toBe(200);
  expect(deposits.body.deposits).toEqual(
    expect.arrayContaining([expect.objectContaining({ transactionId, email: deleted.user.email, amount: 12.5, deposited: false })]),
  );

  // The audit log lists the role change and the deletion, by the SADMIN.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expectAccessible(page);

  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Actor e-mail').fill(SADMIN.email);
  await filters.getByLabel('Action').selectOption('user.role_changed');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=user.role_changed/);
  const roleRow = page.getByTestId('audit-row').filter({ hasText: promoted.user.email });
  await expect(roleRow).toHaveCount(1);
  await expect(roleRow).toContainText('Role changed');
  await expect(roleRow).toContainText(SADMIN.email);
  // One line per entry; the before and after open below it.
  await expect(roleRow.getByTestId('audit-detail')).toBeHidden();
  await roleRow.getByRole('button', { name: 'Details' }).click();
  await expect(roleRow.getByTestId('audit-before')).toContainText('role: USER');
  await expect(roleRow.getByTestId('audit-after')).toContainText('role: ADMIN');

  await filters.getByLabel('Action').selectOption('user.deleted');
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From (UTC day)').fill(today);
  await filters.getByLabel('To (UTC day)').fill(today);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=user.deleted/);
  const deleteRow = page.getByTestId('audit-row').filter({ hasText: deleted.user.email });
  await expect(deleteRow).toHaveCount(1);
  await expect(deleteRow).toContainText('User deleted');
  await expect(page.getByTestId('audit-row').filter({ hasText: promoted.user.email })).toHaveCount(0);
  await expectAccessible(page);
});

test('the dashboard shows the headline figures, with charts and a data table', async ({ page }) => {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const stats = await api(page.request, 'GET', '/admin/stats/users');
  expect(stats.status).toBe(200);
  const figures = await api(page.request, 'GET', '/admin/dashboard');
  expect(figures.status).toBe(200);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-users')).toHaveText(String(stats.body.allUsersCount));
  await expect(page.getByTestId('dashboard-subscribers')).toHaveText(String(stats.body.subscribedUsersCount));
  await expect(page.getByTestId('dashboard-pending-deposits')).toHaveText(String(figures.body.pendingDeposits.count));
  await expect(page.getByTestId('dashboard-pending-withdrawals')).toHaveText(String(figures.body.pendingWithdrawals.count));
  await expect(page.locator('nav#side-menu a[href="/admin/dashboard"]')).toHaveAttribute('aria-current', 'page');

  // Both charts render (lazily) as labelled images, drawn as SVG.
  await expect(page.getByRole('img', { name: /deposits and withdrawals requested per day/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /sign-ups per day/ })).toBeVisible();
  await expect(page.locator('.recharts-wrapper > svg')).toHaveCount(2);
  await expectAccessible(page);

  // The same figures as a table, one row per day.
  await page.getByText('Show the daily figures as a table').click();
  const table = page.getByRole('table', { name: /per UTC day/ });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(figures.body.series.length);
  await expectAccessible(page);
});

test('the admin pages stay out of the first-paint bundle', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('.js')) scripts.push(req.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  for (const body of bodies) expect(body).not.toContain('recharts-surface');
});
