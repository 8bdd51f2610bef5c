// docs/product.md#web-client: every page works with keyboard and screen reader in both themes. axe (WCAG 2.1 A/AA, serious and
// critical) on each public page and each logged-in page, once with theme=light and once with theme=dark.
import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/denied',
  '/allpackage',
  '/blog',
  '/blog/crypto-rally-2024',
  '/blog/crypto-buy-guide',
  '/blog/crypto-mining',
  '/blog/secure-crypto-wallet',
  '/blog/transfer-crypto',
  '/blog/crypto-mining-legal',
  '/signup',
  '/login',
  '/user/profile/reset-password',
  '/user/profile/reset-password/some-reset-token',
  '/this-page-does-not-exist',
];

const LOGGED_IN_PAGES = ['/user/dashboard', '/user/profile', '/user/profile/change-password'];

type Theme = 'light' | 'dark';

/** Saves the theme in local storage before any page script runs, as a returning visitor would have it. */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

async function scan(page: Page, path: string, theme: Theme) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', String(theme === 'dark'));
  await expectAccessible(page);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious axe violation`, async ({ page }) => {
        await useTheme(page, theme);
        await scan(page, path, theme);
      });
    }

    test('logged-in pages have no serious axe violation', async ({ page }) => {
      await useTheme(page, theme);
      await signUpViaApi(page);
      for (const path of LOGGED_IN_PAGES) await scan(page, path, theme);
      // The revealed balance too.
      await page.goto('/user/profile');
      await page.getByTestId('reveal-balance').click();
      await expect(page.getByTestId('balance')).toHaveText('0.00');
      await expectAccessible(page);
    });
  });
}

// The scan scans again when something began to move during it (a toast's exit): a fault that stays still fails it.
test('the scan still fails low contrast on a page at rest', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'Grey on white';
    p.style.cssText = 'color:#d0d0d0;background:#fff';
    document.querySelector('main')!.append(p);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast/);
});
