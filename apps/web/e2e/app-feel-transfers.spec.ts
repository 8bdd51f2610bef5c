// Transfers you can check and a package link that leads with the package (docs/product.md#transfers, #deposits):
// an unknown recipient is refused before any dialog; a known one shows their name; an amount over the balance is
// said while typing and opens no dialog; Max fills the balance; after sending, a receipt with the new balance and
// the person in the recent recipients. /user/package?vip=3 shows its amount above the address. At 360 and 1,280 px,
// English and Arabic, light and dark; every page axe-clean and never wider than the screen.
import type { Browser } from '@playwright/test';
import { SADMIN, api, expect, newUser, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, pageAt, speak, type Lang, type Theme } from './app-feel';



/** A signed-up user's page at this width, language and theme, holding `points`. */
async function userPage(browser: Browser, width: number, theme: Theme, lang: Lang, points: number) {
  const page = await pageAt(browser, width, theme, lang);
  const me = await signUpViaApi(page, newUser('sender'));
  await speak(page, lang);
  if (points > 0) {
    const admin = await browser.newContext();
    expect((await api(admin.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
    expect((await api(admin.request, 'POST', '/adpoint/addpoint', { email: me.email, points })).status).toBe(200);
    await admin.close();
  }
  return page;
}


for (const [width, lang, theme] of COMBOS) {
  test(`a transfer checked before it is confirmed, then its receipt (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const friend = newUser('friend');
    const other = await browser.newContext();
    expect((await api(other.request, 'POST', '/user/register', friend)).status).toBe(201);
    await other.close();
    const page = await userPage(browser, width, theme, lang, 20);

    await page.goto('/user/transfer');
    await expect(page.getByTestId('available-balance')).toHaveText('20.00 USDT');
    const email = page.locator('input[name="recipientEmail"]');
    const amount = page.locator('input[name="points"]');
    const send = page.locator('main form button[type="submit"]');
    const dialog = page.getByRole('dialog');

    // Nobody has this e-mail: said under the field, and sending opens no dialog.
    await email.fill(`nobody-${Date.now()}@e2e.test`);
    await amount.fill('1');
    await expect(page.getByTestId('recipient-refused')).toBeVisible();
    await send.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toHaveCount(0);
    await checkScreen(page, lang);

    // A member: their name (and initials) before anything is confirmed.
    await email.fill(friend.email.toUpperCase());
    await email.blur();
    await expect(page.getByTestId('recipient-found')).toContainText(friend.fullName);

    // More than the balance: said while typing; no dialog.
    await amount.fill('25');
    await expect(page.getByTestId('amount-check')).not.toBeEmpty();
    await send.click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toHaveCount(0);

    // Max fills the balance; then a smaller amount is sent.
    await page.getByTestId('max-amount').click();
    await expect(amount).toHaveValue('20.00');
    await expect(page.getByTestId('amount-check')).toBeEmpty();
    await amount.fill('12.5');
    await send.click();
    await expect(dialog).toContainText(friend.fullName);
    await expect(dialog).toContainText('12.50 USDT');
    await checkScreen(page, lang);
    await dialog.locator('button').last().click();

    const receipt = page.getByTestId('transfer-receipt');
    await expect(receipt).toBeVisible();
    await expect(page.getByTestId('receipt-name')).toHaveText(friend.fullName);
    await expect(page.getByTestId('receipt-amount')).toHaveText('12.50 USDT');
    await expect(page.getByTestId('receipt-balance')).toHaveText('7.50 USDT');
    await expect(receipt.locator('time')).toHaveCount(1);
    await checkScreen(page, lang);

    // Send again: the form is back, with the friend among the recent recipients.
    await receipt.getByRole('button').first().click();
    await expect(page.getByTestId('recent-recipients')).toContainText(friend.fullName);
    await expect(page.getByTestId('available-balance')).toHaveText('7.50 USDT');
    await checkScreen(page, lang);
    await page.close();
  });

  test(`a package link lands with its amount above the address (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const page = await userPage(browser, width, theme, lang, 0);
    await page.goto('/user/package?vip=3');
    const lead = page.getByTestId('package-lead');
    await expect(lead).toContainText('VIP 3');
    await expect(lead).toContainText('40 USDT');
    await expect(page.getByTestId('package-amount')).toHaveText('40.00 USDT');
    await expect(lead.getByRole('button')).toHaveCount(1); // the copy button
    const address = page.getByTestId('deposit-address');
    await expect(address).toBeVisible();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    const amountBox = await page.getByTestId('package-amount').boundingBox();
    const addressBox = await address.boundingBox();
    const qrBox = await page.getByTestId('deposit-qr').boundingBox();
    expect(amountBox && addressBox && qrBox).toBeTruthy();
    expect(amountBox!.y + amountBox!.height).toBeLessThanOrEqual(addressBox!.y);
    expect(addressBox!.y).toBeLessThan(qrBox!.y);
    // The generic steps are folded below the address and QR code.
    const steps = page.getByTestId('deposit-steps');
    await expect(steps).not.toHaveAttribute('open');
    expect((await steps.boundingBox())!.y).toBeGreaterThan(qrBox!.y);
    await checkScreen(page, lang);
    await steps.locator('summary').click();
    await expect(steps.locator('ol')).toBeVisible();
    await checkScreen(page, lang);
    await page.close();
  });
}
