// The admin page for subscription codes (docs/product.md#drop-in-clients): generate a code, copy it, see it used — with axe on the page.
import { DESKTOP, SADMIN, api, expect, expectAccessible, expectOnField, expectToast, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

test('an admin generates a code, copies it; a user applies it on their profile; the list shows who used it', async ({ page, browser, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await page.goto('/allusers');
  await page.locator('nav#side-menu').getByRole('link', { name: 'Subscription codes' }).click();
  await expect(page).toHaveURL(/\/admin\/subscription-codes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription codes' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate a code' }).click();
  await expectToast(page, /^Code [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4} created$/);
  const first = page.getByTestId('subscription-code-row').first();
  const shown = (await first.getByTestId('subscription-code').textContent())!;
  expect(shown).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}(-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}){2}$/);
  await expect(first).toContainText('Unused');
  await expectAccessible(page);

  await first.getByRole('button', { name: `Copy code ${shown}` }).click();
  await expectToast(page, 'Code copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown.replaceAll('-', ''));

  // A user types it on their profile as read from the screen (with the dashes); a wrong code first.
  const context = await browser.newContext({ viewport: DESKTOP });
  const userPage = await context.newPage();
  const user = await signUpViaApi(userPage, newUser('coded'));
  await userPage.goto('/user/profile');
  const field = userPage.getByLabel('Subscription code');
  await field.fill('AAAA-BBBB-CCCC');
  await userPage.getByRole('button', { name: 'Apply code' }).click();
  await expectOnField(userPage, 'This subscription code is not valid');
  await expectAccessible(userPage);
  await field.fill(shown.toLowerCase());
  await userPage.getByRole('button', { name: 'Apply code' }).click();
  await expectToast(userPage, 'Subscription activated successfully');
  await expect(userPage.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(userPage.getByLabel('Subscription code')).toHaveCount(0);
  // Used once: the same code again is refused (this user is subscribed now: 409; anyone else: 400 "already used").
  expect((await api(userPage.request, 'POST', '/subscription/apply-code', { code: shown })).body.message).toBe('You are already subscribed');
  const other = await browser.newContext({ viewport: DESKTOP });
  const otherPage = await other.newPage();
  await signUpViaApi(otherPage, newUser('late'));
  const late = await api(otherPage.request, 'POST', '/subscription/apply-code', { code: shown });
  expect([late.status, late.body.message]).toEqual([400, 'This subscription code has already been used']);
  await other.close();
  await context.close();

  await page.reload();
  const row = page.getByTestId('subscription-code-row').filter({ hasText: shown });
  await expect(row).toContainText('Used');
  await expect(row).toContainText(user.email);
  await expect(row).toContainText(SADMIN.email);
});
