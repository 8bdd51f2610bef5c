// Platform settings (issue 13): the super admin changes the deposit address and the support phone on the settings
// page, with the keyboard, on a 390 px wide phone; a bad value is refused on the page and nothing is saved; users
// then see the new address on /user/deposit and the new phone on the contact page and in the footer (both read
// GET /config). An ADMIN has no settings page and gets 403 from PUT /settings. The page passes axe in both themes.
// (That a second instance on the same database shows the change within 5 s is proved in
// apps/server/test/settings.test.ts, with two app instances on one database.)
import type { Locator, Page } from '@playwright/test';
import { DEPOSIT_ADDRESS, SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, signUpViaApi, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const NEW_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const NEW_PHONE = '+971 4 765 4321';
const E2E_PHONE = '+971 4 123 4567'; // scripts/e2e-server.mjs

test.use({ viewport: PHONE });

/** Presses Tab until `target` has the focus (the fields between depend on the registry), at most 40 times. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, `page is ${widths.doc}px wide in a ${widths.view}px viewport`).toBeLessThanOrEqual(widths.view);
}

test.afterAll(async ({ browser }) => {
  // The other journeys expect the e2e server's own values.
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const res = await api(page.request, 'PUT', '/settings', { depositAddress: DEPOSIT_ADDRESS, supportPhone: E2E_PHONE });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the settings page at 390 px in the ${theme} theme: no sideways scroll, no serious axe violation`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loginViaApi(page, SADMIN.email, SADMIN.password);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Deposit address')).toHaveValue(DEPOSIT_ADDRESS);
    await noSidewaysScroll(page);
    await expectAccessible(page);
    // With an error shown, too.
    await page.getByLabel('Support e-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Support e-mail')).toHaveAttribute('aria-invalid', 'true');
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test('the super admin changes the deposit address and phone with the keyboard; users see them; the audit log shows the change once', async ({ page, browser }) => {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const before = await api(page.request, 'GET', '/settings');
  expect(before.body.settings.depositAddress).toBe(DEPOSIT_ADDRESS);

  // The admin menu leads there (on a phone, behind "Open menu").
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('nav#side-menu').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const address = page.getByLabel('Deposit address');
  await expect(address).toHaveValue(DEPOSIT_ADDRESS);

  // A bad address: refused on the page with the schema's message; nothing reaches the server.
  await address.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0x52908400098527886E0F7030069857D2E4169EE7');
  await page.keyboard.press('Enter');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Deposit address must be a Tron \(TRC20\) address/).first()).toBeVisible();
  expect((await api(page.request, 'GET', '/settings')).body.settings).toEqual(before.body.settings);

  // The right values, typed and saved with the keyboard only: Tab moves from field to field and on to "Save settings".
  await address.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(NEW_ADDRESS);
  await tabTo(page, page.getByLabel('Support phone'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(NEW_PHONE);
  await expect(page.getByText('2 unsaved changes.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Settings saved');
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
  await expect(address).toHaveValue(NEW_ADDRESS);
  const after = await api(page.request, 'GET', '/settings');
  expect(after.body.settings).toEqual({ ...before.body.settings, depositAddress: NEW_ADDRESS, supportPhone: NEW_PHONE });

  // A user, in a browser of their own, sees the new address on the deposit page and the new phone everywhere.
  const context = await browser.newContext({ viewport: PHONE });
  const userPage = await context.newPage();
  await signUpViaApi(userPage);
  await userPage.goto('/user/deposit');
  await expect(userPage.getByTestId('deposit-address')).toHaveText(NEW_ADDRESS);
  await noSidewaysScroll(userPage);
  await userPage.goto('/contact');
  await expect(userPage.getByTestId('contact-phone')).toHaveText(NEW_PHONE);
  await expect(userPage.getByTestId('contact-phone')).toHaveAttribute('href', 'tel:+97147654321');
  await expect(userPage.locator('footer').getByRole('link', { name: NEW_PHONE })).toBeVisible();
  await expect(userPage.getByTestId('contact-email')).toHaveText(before.body.settings.supportEmail);
  await context.close();

  // The audit log: one "Settings changed" record with the before and after values.
  await page.goto(`/admin/audit?action=settings.changed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Settings changed');
  await expect(rows.first()).toContainText(NEW_ADDRESS);
});

test('an ADMIN sees no settings page and gets 403 from PUT /settings', async ({ page, browser }) => {
  const admin = await signUpViaApi(page);
  const context = await browser.newContext();
  const sadminPage = await context.newPage();
  await loginViaApi(sadminPage, SADMIN.email, SADMIN.password);
  expect((await api(sadminPage.request, 'PUT', `/user/${admin._id}/update-role`, { role: 'ADMIN' })).status).toBe(200);
  await context.close();

  await loginViaApi(page, admin.email, admin.password);
  const res = await api(page.request, 'PUT', '/settings', { depositAddress: NEW_ADDRESS });
  expect(res.status).toBe(403);
  expect((await api(page.request, 'GET', '/settings')).status).toBe(200);
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/denied$/);
});
