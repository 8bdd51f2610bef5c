// docs/product.md#routes, #roles: route guards on the client (anonymous → /login, no permission → /denied) and the 404 page.
import { DESKTOP, SADMIN, expect, expectAccessible, loginViaApi, signUpViaApi, test, visit } from './fixtures';

test.use({ viewport: DESKTOP });

const ADMIN_PATHS = ['/allusers', '/adminvideo', '/admin/deposit', '/admin/withdraw'];

test('anonymous visitor on /user/profile goes to /login (which will return there)', async ({ page }) => {
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expectAccessible(page);
});

// Without a subscription, /video invites to subscribe instead (app-feel-videos.spec.ts).
test('a USER on the admin pages goes to /denied', async ({ page }) => {
  await signUpViaApi(page);
  for (const path of ADMIN_PATHS) {
    await page.goto(path);
    await expect(page, `${path} → /denied`).toHaveURL(/\/denied$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  }
  await expectAccessible(page);
  // Still logged in: the denial is not a logout.
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('the SADMIN reaches /allusers', async ({ page }) => {
  const admin = await loginViaApi(page, SADMIN.email, SADMIN.password);
  expect(admin.role).toBe('SADMIN');
  await page.goto('/allusers');
  // Wait for the session check (/user/me) to settle before concluding nothing redirected.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/allusers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Users' })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows the 404 page; Go Back returns to the previous page', async ({ page }) => {
  await visit(page, '/about');
  const aboutHeading = await page.getByRole('heading', { level: 1 }).textContent();
  await visit(page, '/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutHeading ?? '');
});
