// docs/product.md#validation: each account form shows the product's message on the wrong field (not as a toast:
// docs/product.md#toasts), in the browser, before any call is made, and nothing is created or changed.
import type { Page } from '@playwright/test';
import { DESKTOP, api, expect, expectAccessible, expectOnField, newUser, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

/** Records the API calls to `path` the page makes (a form that fails validation must make none). */
function watchCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `/api/v1${path}` && req.method() === 'POST') calls.push(req.url());
  });
  return calls;
}

test('sign-up: missing field, short name and bad e-mail are refused with the spec messages', async ({ page, request }) => {
  const calls = watchCalls(page, '/user/register');
  await page.goto('/signup');
  const u = newUser('val');
  const submit = page.getByRole('button', { name: 'Sign up' });

  // Every field but the mobile number.
  await page.getByLabel('Full name', { exact: true }).fill(u.fullName);
  await page.getByLabel('E-mail', { exact: true }).fill(u.email);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await submit.click();
  await expectOnField(page, 'Please fill all the details');

  // A two-letter name.
  await page.getByLabel('Mobile number', { exact: true }).fill(u.phone);
  await page.getByLabel('Full name', { exact: true }).fill('ab');
  await submit.click();
  await expectOnField(page, 'Name should be atleast of 3 characters');

  // An e-mail without a domain.
  await page.getByLabel('Full name', { exact: true }).fill(u.fullName);
  await page.getByLabel('E-mail', { exact: true }).fill('bad@');
  await submit.click();
  await expectOnField(page, 'Invalid email id');
  await expectAccessible(page);

  // Still on the form, no call made, no session, and no account for either e-mail.
  await expect(page).toHaveURL(/\/signup$/);
  expect(calls).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  expect((await api(request, 'POST', '/user/login', { email: u.email, password: u.password })).status).toBe(401);
  expect((await api(request, 'POST', '/user/login', { email: 'bad@', password: u.password })).status).toBe(401);
});

test('login: a missing password is refused with "Please fill all the details"', async ({ page }) => {
  const calls = watchCalls(page, '/user/login');
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectOnField(page, 'Please fill all the details');
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(calls).toEqual([]);
});

test('forgot password: an empty e-mail is refused with "email is required to reset password!"', async ({ page }) => {
  const calls = watchCalls(page, '/user/reset');
  await page.goto('/user/profile/reset-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectOnField(page, 'email is required to reset password!');
  await expectAccessible(page);
  expect(calls).toEqual([]);
});

test('reset password: an empty password is refused with "password is required"', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/v1/user/reset/')) calls.push(req.url());
  });
  await page.goto('/user/profile/reset-password/some-token');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectOnField(page, 'password is required');
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/reset-password\/some-token$/);
  expect(calls).toEqual([]);
});

test('change password: a missing new password is refused with "Please fill all the details"', async ({ page, request }) => {
  const u = await signUpViaApi(page);
  const calls = watchCalls(page, '/user/change-password');
  await page.goto('/user/profile/change-password');
  await page.getByLabel('Old password', { exact: true }).fill(u.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectOnField(page, 'Please fill all the details');
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/user\/profile\/change-password$/);
  expect(calls).toEqual([]);
  // The password is unchanged.
  expect((await api(request, 'POST', '/user/login', { email: u.email, password: u.password })).status).toBe(200);
});

test('sign-up: an e-mail with an invisible or direction-control character is refused with a clear message', async ({ page }) => {
  const calls = watchCalls(page, '/user/register');
  await page.goto('/signup');
  const u = newUser('zw');
  await page.getByLabel('Full name', { exact: true }).fill(u.fullName);
  await page.getByLabel('Mobile number', { exact: true }).fill(u.phone);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  for (const email of [u.email.replace('@', '\u200B@'), `\u202E${u.email}`]) {
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectOnField(page, 'E-mail address must not contain invisible or direction-control characters');
  }
  await expect(page).toHaveURL(/\/signup$/);
  expect(calls).toEqual([]);
});
