// Deposits confirmed on the Tron chain (decision 013), in the browser: the super admin points TRON_API_URL at a local
// TronGrid stand-in (apps/server/test/tron-standin.ts, run by this test); a user asks to deposit, sees the exact
// amount, the address and the QR code with a countdown; the stand-in confirms the transfer and the page turns to
// credited and shows the new balance, without a reload. An admin sees the poller's health and credits an unmatched
// transfer with the keyboard. At 390 px, both themes, axe clean. The settings go back to manual at the end.
import type { Page } from '@playwright/test';
import { DEPOSIT_ADDRESS, SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, signUpViaApi, test } from './fixtures';
import { TronStandIn, usdtUnits } from '../../server/test/tron-standin';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

let chain: TronStandIn;

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    // The outermost elements sticking out on the right, to name in the failure message.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 60)} "${(e.textContent ?? '').slice(0, 40)}"`),
  }));
  expect(widths.doc, `page is ${widths.doc}px wide in a ${widths.view}px viewport: ${widths.wide.join(' | ')}`).toBeLessThanOrEqual(widths.view);
}

async function setChain(page: Page, tronApiUrl: string) {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const res = await api(page.request, 'PUT', '/settings', { tronApiUrl, tronPollMs: '300' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  chain = await new TronStandIn().start();
  const context = await browser.newContext();
  await setChain(await context.newPage(), chain.url);
  await context.close();
});

test.afterAll(async ({ browser }) => {
  // The other journeys expect the manual flow.
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const res = await api(page.request, 'PUT', '/settings', { tronApiUrl: '', tronPollMs: '15000' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await context.close();
  await chain?.stop();
});

for (const theme of ['light', 'dark'] as const) {
  test(`request, exact amount and QR, the chain confirms, credited without a reload (${theme} theme, 390 px, keyboard)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    await page.goto('/user/deposit');
    const amount = page.getByLabel('Amount to deposit (USDT)');
    await expect(amount).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await amount.focus();
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    const payAmount = page.getByTestId('pay-amount');
    await expect(payAmount).toHaveText(/^20\.\d\d USDT$/);
    const pay = (await payAmount.textContent())!.replace(' USDT', '');
    await expect(page.getByTestId('payment-address')).toHaveText(DEPOSIT_ADDRESS);
    await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^(59|60|1):/);
    await expect(page.getByTestId('payment-status')).toHaveText('Waiting for your payment');
    await expect(page.getByRole('button', { name: 'Copy amount' })).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page);

    chain.feed({ to: DEPOSIT_ADDRESS, value: usdtUnits(pay) });
    await expect(page.getByTestId('payment-status')).toHaveText('Credited to your balance', { timeout: 20_000 });
    await expect(page.getByTestId('available-balance')).toHaveText(`${pay} USDT`);
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test('the package page asks for a package and shows its exact amount', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/user/package');
  await page.getByRole('heading', { name: 'Pay for a package' }).waitFor();
  await page.getByRole('radio', { name: /VIP3/ }).first().check();
  await page.getByRole('button', { name: 'Get payment details' }).click();
  await expect(page.getByTestId('pay-amount')).toHaveText(/^40\.\d\d USDT$/);
  await noSidewaysScroll(page);
  await expectAccessible(page);
});

for (const theme of ['light', 'dark'] as const) {
  test(`admin deposit page: the poller's health and an unmatched transfer credited with the keyboard (${theme} theme, 390 px)`, async ({ page, browser }) => {
    const userContext = await browser.newContext();
    const user = await signUpViaApi(await userContext.newPage());
    await userContext.close();
    const stray = chain.feed({ to: DEPOSIT_ADDRESS, value: usdtUnits('13.37') });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loginViaApi(page, SADMIN.email, SADMIN.password);
    await page.goto('/admin/deposit');
    await expect(page.getByTestId('poller-health')).toContainText('Working');
    const row = page.getByTestId('unmatched-row').filter({ hasText: stray.txId });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await row.getByLabel('Credit to (e-mail)').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Credit' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Transfer credited to the user');
    await expect(row).toHaveCount(0);
  });
}
