// Platform settings (docs/operations.md): the super admin changes the deposit address and the support phone on the settings
// page, with the keyboard, on a 390 px wide phone; a bad value is refused on the page and nothing is saved; a user
// of a SECOND instance on the same database sees the new address on /user/deposit within 5 s, and the new phone on
// the contact page and in the footer (all read GET /config). An ADMIN has no settings page and gets 403 from
// PUT /settings. The page passes axe in both themes. (apps/server/test/settings.test.ts proves the same with two
// app instances in one process, including a lost notification.)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { runningEmbeddedUrl } from '../../server/src/db/embedded';
import { DEPOSIT_ADDRESS, SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, signUpViaApi, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const NEW_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const NEW_PHONE = '+971 4 765 4321';
const E2E_PHONE = '+971 4 123 4567'; // scripts/e2e-server.mjs

test.use({ viewport: PHONE });

const SECOND_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const SECOND = `http://localhost:${SECOND_PORT}`;

/** A second production server (apps/server/dist/main.js) on the e2e server's own database, as a load balancer's second node. */
async function startSecondInstance(): Promise<{ stop: () => Promise<void> }> {
  const e2eDir = process.env.E2E_DATA_DIR!;
  const urlFile = path.join(e2eDir, 'e2e-database-url');
  const databaseUrl = existsSync(urlFile) ? readFileSync(urlFile, 'utf8') : await runningEmbeddedUrl(e2eDir);
  expect(databaseUrl, 'the e2e server\'s database').toBeTruthy();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'points-e2e-second-'));
  const child: ChildProcess = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(SECOND_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl!,
      WEB_DIST: path.join(e2eDir, 'web'),
      APP_URL: SECOND,
      LOG_LEVEL: 'warn',
      SIGNUP_LIMIT_PER_HOUR: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`${SECOND}/api/v1/health`).then((r) => r.ok).catch(() => false);
    if (up) break;
    if (i > 300 || child.exitCode !== null) {
      await stop();
      throw new Error('the second instance did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { stop };
}

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
    // A setting with a fixed set of values is a list to choose from.
    await expect(page.getByRole('combobox', { name: 'Two-factor sign-in for admins' })).toHaveValue('optional');
    await noSidewaysScroll(page);
    await expectAccessible(page);
    // With an error shown, too.
    await page.getByLabel('Support e-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Support e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Support e-mail')).toBeFocused(); // the first field in error takes the focus
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test('the super admin changes the deposit address and phone with the keyboard; a second instance shows them within 5 s; the audit log shows the change once', async ({ page, browser }) => {
  const second = await startSecondInstance();
  test.info().attach('second instance', { body: SECOND });
  try {
    await changeSettings(page, browser);
  } finally {
    await second.stop();
  }
});

async function changeSettings(page: Page, browser: import('@playwright/test').Browser) {
  // A user on the SECOND instance, on the deposit page before the change.
  const context = await browser.newContext({ viewport: PHONE, baseURL: SECOND });
  const userPage = await context.newPage();
  await signUpViaApi(userPage);
  await userPage.goto('/user/deposit');
  await expect(userPage.getByTestId('deposit-address')).toHaveText(DEPOSIT_ADDRESS);

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

  // The user on the second instance: a fresh load of /user/deposit shows the new address. The 5 s promise itself is
  // timed on the API in test/settings.test.ts; here each reload also renders the signed-in page (session, bell,
  // menu, deposit card), which alone can take over a second on this machine, so the page gets 15 s in all.
  const saved = Date.now();
  await expect(async () => {
    await userPage.reload();
    await expect(userPage.getByTestId('deposit-address')).toHaveText(NEW_ADDRESS, { timeout: 3_000 });
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
  test.info().annotations.push({ type: 'second instance', description: `new address shown ${Date.now() - saved} ms after the save` });
  await noSidewaysScroll(userPage);
  await userPage.goto('/contact');
  await expect(userPage.getByTestId('contact-phone')).toHaveText(NEW_PHONE);
  await expect(userPage.getByTestId('contact-phone')).toHaveAttribute('href', 'tel:+97147654321');
  await expect(userPage.locator('footer').getByRole('link', { name: NEW_PHONE })).toBeVisible();
  await expect(userPage.getByTestId('contact-email')).toHaveText(before.body.settings.supportEmail);
  await context.close();

  // The audit log: one "Settings changed" record with the before and after values. (Journeys that ran before this
  // one on the same server changed other settings, so only the records naming the new address are counted.)
  await page.goto(`/admin/audit?action=settings.changed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  const rows = page.getByTestId('audit-row').filter({ hasText: NEW_ADDRESS });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Settings changed');
  await expect(rows.first()).toContainText(NEW_ADDRESS);
}

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
  await expect(page.locator('nav#side-menu a[href="/admin/dashboard"]')).toBeVisible();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/denied$/);
});
