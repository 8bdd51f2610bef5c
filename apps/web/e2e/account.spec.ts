// Journey: a visitor signs up, reveals the balance, edits the profile, logs out and in, keeps the dark
// theme across a reload, and invites a second member with the referral link.
import { DESKTOP, api, expect, expectAccessible, fillLogin, fillSignup, newUser, test, visit } from './fixtures';

test.use({ viewport: DESKTOP });

test('sign up, balance reveal, profile edit, logout, login, dark theme, referral', async ({ page, browser }, testInfo) => {
  const u = newUser('acct');

  // Sign up through the form: logged in on the dashboard; the profile is one click away.
  await visit(page, '/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await fillSignup(page, u);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectAccessible(page);

  // Balance: *** until the refresh, "0.00" for 3 seconds, then *** again.
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText('***');
  const reveal = page.getByTestId('reveal-balance');
  await expect(reveal).toHaveAccessibleName('Show balance');
  const clickedAt = Date.now();
  await reveal.click();
  await expect(balance).toHaveText('0.00', { timeout: 2_000 });
  // Still shown ~1 s after the click (the 3 s start when the answer arrives, so at least 3 s after the click).
  await page.waitForTimeout(Math.max(0, clickedAt + 1_000 - Date.now()));
  expect(await balance.textContent()).toBe('0.00');
  await page.waitForTimeout(Math.max(0, clickedAt + 2_500 - Date.now()));
  expect(await balance.textContent()).toBe('0.00');
  // Hidden again by ~4.5 s after the click.
  await expect(balance).toHaveText('***', { timeout: Math.max(0, clickedAt + 4_500 - Date.now()) });

  // Edit the name: Save only once something changed; a reload shows the saved name.
  const name = page.getByLabel('Full name', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(name).toHaveValue(u.fullName);
  await expect(save).toBeDisabled();
  const newName = `${u.fullName} Renamed`;
  await name.fill(newName);
  await expect(save).toBeEnabled();
  await name.fill(u.fullName);
  await expect(save).toBeDisabled();
  await name.fill(newName);
  await save.click();
  // After the save the profile is re-read: the form shows the stored name and Save is disabled again.
  await expect(page.getByText(`Welcome, ${newName}.`)).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(newName);

  // Logout from the side menu: on /login, and the profile now sends back to /login, naming the profile to return to.
  await page.locator('nav#side-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fprofile$/);
  await expectAccessible(page);
  expect((await api(page.request, 'GET', '/user/me')).status).toBe(401);

  // Login through the form: back on the profile that sent us to /login.
  await fillLogin(page, u.email, u.password);
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(newName);

  // Dark theme survives a reload.
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectAccessible(page);

  // Referral: the link signs up a second member in a fresh context, with the referral field pre-filled.
  const me = (await api(page.request, 'GET', '/user/me')).body.user as { _id: string; referralCode: string; referralsCount: number };
  expect(me.referralsCount).toBe(0);
  const link = (await page.getByTestId('referral-link').textContent())?.trim() ?? '';
  expect(link).toMatch(new RegExp(`/signup/${me.referralCode}$`));
  expect(u.email.startsWith(me.referralCode)).toBe(true);

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: DESKTOP });
  try {
    const page2 = await other.newPage();
    const u2 = newUser('referred');
    await page2.goto(link);
    await expect(page2.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page2.getByLabel('Referral e-mail (optional)')).toHaveValue(me.referralCode);
    await expectAccessible(page2);
    await fillSignup(page2, u2);
    await expect(page2).toHaveURL(/\/user\/dashboard$/);
    await expect(page2.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const me2 = (await api(page2.request, 'GET', '/user/me')).body.user as { email: string; referredBy: string | null };
    expect(me2.email).toBe(u2.email);
    expect(me2.referredBy).toBe(me._id);
  } finally {
    await other.close();
  }
  const after = (await api(page.request, 'GET', '/user/me')).body.user as { referralsCount: number };
  expect(after.referralsCount).toBe(1);
  await page.reload();
  await expect(page.getByText('You referred 1 person')).toBeVisible();
});
