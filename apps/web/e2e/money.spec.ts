// The money journey of the Money issue: a deposit claimed, approved, revealed, partly transferred and
// withdrawn, the withdrawal processed; the statement and its CSV agree step by step.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test, expect, type Page, type Browser } from '@playwright/test';
import { DEPOSIT_ADDRESS, SADMIN, api, expectAccessible, newUser, tronAddress } from './fixtures';

async function loggedInPage(browser: Browser, creds: { email: string; password: string }, register?: ReturnType<typeof newUser>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = register ? await api(page.request, 'POST', '/user/register', register) : await api(page.request, 'POST', '/user/login', creds);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('role', u.role);
    localStorage.setItem('data', JSON.stringify(u));
  }, res.body.user);
  return page;
}

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
const confirmDialog = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

test('deposit → approval → transfer → withdrawal → processing, with a statement and CSV that agree', async ({ browser }) => {
  // Three contexts, two sign-ups and a login (argon2), eight axe scans and a download: on a loaded two-core host
  // beside the other shard and the API tests it passed the default 120 s (CI of 2026-11-29).
  test.setTimeout(240_000);
  const A = newUser('alice');
  const B = newUser('bob');
  const txHash = randomBytes(32).toString('hex');
  const bob = await loggedInPage(browser, B, B);
  const alice = await loggedInPage(browser, A, A);
  const admin = await loggedInPage(browser, SADMIN);

  // The user claims a deposit: instructions show the configured address and a QR code.
  await alice.goto('/user/deposit');
  await expect(alice.getByTestId('deposit-address')).toHaveText(DEPOSIT_ADDRESS);
  await expect(alice.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  await expectAccessible(alice);
  await alice.getByLabel('Amount (USDT)').fill('50');
  await alice.getByLabel('Transaction ID').fill(txHash);
  await alice.getByRole('button', { name: 'Submit deposit' }).click();
  await toast(alice, /Deposit request submitted/);
  await expect(alice.getByTestId('history-row').filter({ hasText: txHash })).toContainText('Pending');
  // The same transaction ID again is refused.
  await alice.getByLabel('Amount (USDT)').fill('50');
  // The same transaction written another way (0x, upper case) is the same chain transaction: refused.
  await alice.getByLabel('Transaction ID').fill(`0x${txHash.toUpperCase()}`);
  await alice.getByRole('button', { name: 'Submit deposit' }).click();
  await toast(alice, /already been submitted/);

  // The admin approves it.
  // The desk opens on the pending queue, oldest first: found among the journeys' other claims by her e-mail.
  await admin.goto(`/admin/deposit?email=${encodeURIComponent(A.email)}`);
  const row = admin.getByTestId('admin-deposit-row').filter({ hasText: txHash });
  await expect(row).toContainText('Pending');
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Mark deposited' }).click();
  await confirmDialog(admin);
  await toast(admin, 'Deposit status updated');
  // Approved, it leaves the desk's pending queue; every status shows it.
  await expect(row).toHaveCount(0);
  await admin.getByLabel('Status').selectOption('all');
  await expect(row).toContainText('Approved');

  // The user's revealed balance shows it.
  await alice.goto('/user/profile');
  await alice.getByTestId('reveal-balance').click();
  await expect(alice.getByTestId('balance')).toHaveText('50.00');

  // The user transfers part of it to another user.
  await alice.goto('/user/transfer');
  await expect(alice.getByTestId('available-balance')).toHaveText('50.00 USDT');
  await expectAccessible(alice);
  await alice.getByLabel('Recipient e-mail').fill(B.email);
  await alice.getByLabel('Amount (USDT)').fill('12.5');
  await expect(alice.getByTestId('recipient-found')).toContainText(B.fullName);
  await alice.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(alice.getByRole('dialog')).toContainText(`Send 12.50 USDT to ${B.fullName} (${B.email})?`);
  await confirmDialog(alice);
  await toast(alice, /transferred/i);
  await expect(alice.getByTestId('receipt-balance')).toHaveText('37.50 USDT');

  // A withdrawal: the balance drops at once.
  await alice.goto('/user/withdraw');
  await expectAccessible(alice);
  await alice.getByLabel('Amount (USDT)').fill('10');
  const payTo = tronAddress();
  await alice.getByLabel('Payout address').fill(payTo);
  await alice.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(alice.getByRole('dialog')).toContainText(`Withdraw 10.00 USDT to the payout address ${payTo}?`);
  await confirmDialog(alice);
  await toast(alice, /Withdrawal request submitted/);
  await expect(alice.getByTestId('available-balance')).toHaveText('27.50 USDT');
  await expect(alice.getByTestId('history-row').filter({ hasText: payTo })).toContainText('Pending');

  // The admin processes it.
  await admin.goto('/admin/withdraw');
  const wrow = admin.getByTestId('admin-withdraw-row').filter({ hasText: payTo });
  await expectAccessible(admin);
  await expect(admin.getByRole('columnheader', { name: 'Payout address' }).first()).toBeAttached();
  await wrow.getByRole('button', { name: 'Mark processed' }).click();
  await expect(admin.getByRole('dialog')).toContainText(`Confirm that 10.00 USDT has been paid to ${A.email} at the payout address ${payTo}.`);
  await confirmDialog(admin);
  await toast(admin, /processed/i);
  await expect(wrow).toContainText('Processed');

  // History shows Approved for both.
  await alice.goto('/user/history');
  await expect(alice.getByTestId('history-row').filter({ hasText: payTo })).toContainText('Approved');
  await expect(alice.getByTestId('history-row').filter({ hasText: txHash })).toContainText('Approved');
  await expectAccessible(alice);

  // The statement lists each step with the right running balance, newest first.
  await alice.goto('/user/statement');
  const rows = alice.getByTestId('statement-row');
  await expect(rows).toHaveCount(3);
  const expected = [
    ['-10.00', '27.50'],
    ['-12.50', '37.50'],
    ['+50.00', '50.00'],
  ];
  for (const [i, [amount, balance]] of expected.entries()) {
    await expect(rows.nth(i)).toContainText(amount);
    await expect(rows.nth(i)).toContainText(balance);
  }
  await expectAccessible(alice);

  // The CSV says the same.
  const [download] = await Promise.all([alice.waitForEvent('download'), alice.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(csv[0]).toBe('date,type,description,amount,balance');
  const body = csv.slice(1).map((line) => line.split(','));
  expect(body).toHaveLength(3);
  for (const [i, [amount, balance]] of expected.entries()) {
    expect(body[i].at(-2)).toBe(amount.replace('+', ''));
    expect(body[i].at(-1)).toBe(balance);
  }

  // The recipient sees the transfer.
  await bob.goto('/user/statement');
  await expect(bob.getByTestId('statement-row')).toHaveCount(1);
  await expect(bob.getByTestId('statement-row')).toContainText('+12.50');
});

test('subscribing from the profile: the button shows the price, the profile is re-read', async ({ browser }) => {
  const U = newUser('sub');
  const page = await loggedInPage(browser, U, U);
  const admin = await loggedInPage(browser, SADMIN);
  expect((await api(admin.request, 'POST', '/adpoint/addpoint', { email: U.email, points: 20 })).status).toBe(200);
  const config = (await api(page.request, 'GET', '/config')).body;
  await page.goto('/user/profile');
  const button = page.getByRole('button', { name: `Subscribe · ${Number(config.subscriptionPrice).toFixed(2)} Points` });
  await button.click();
  await expectAccessible(page);
  await confirmDialog(page);
  await expect(page.getByText('Subscribed', { exact: true })).toBeVisible();
  expect((await api(page.request, 'GET', '/user/me')).body.user.subscription).toBe(true);
});
