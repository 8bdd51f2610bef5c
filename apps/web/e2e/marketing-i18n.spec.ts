// The marketing pages and the six blog articles in English and Arabic (docs/i18n.md). English keeps the product's
// texts and never downloads the Arabic articles; Arabic reads right to left, fits 390 px, shows no English
// outside names, codes and amounts, and stays axe clean in both themes.
import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, test } from './fixtures';
import { ARTICLE_SLUGS } from '../src/features/marketing/article-slugs';

const PAGES = ['/', '/about', '/contact', '/allpackage', '/blog', ...ARTICLE_SLUGS.map((slug) => `/blog/${slug}`)];

/** Words that stay Latin in Arabic copy: units, networks, package names, a letter of an address. */
const LATIN_KEPT = /^(USDT|TRC20|ERC20|TRX|Tron|VIP\d?|ID|[A-Z])$/;

/** Saves the language and theme before any page script runs, as a returning visitor would have them. */
async function prefer(page: Page, lang: 'en' | 'ar', theme: 'light' | 'dark') {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('theme', th);
    },
    [lang, theme] as const,
  );
}

/** Collects the URLs of the Arabic articles' chunk the page downloads. */
function arabicArticleRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/articles\.ar-[\w-]+\.js$/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

test('in English the marketing pages keep their texts and never download the Arabic articles', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const arabic = arabicArticleRequests(page);
  await prefer(page, 'en', 'light');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A clear, simple home for your USDT points');
  await expect(page.locator('#main')).toContainText('Read our blog to learn how crypto, wallets and transfers work.');
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: 'The 2024 crypto rally: what happened and what it does not mean' })).toBeVisible();
  await page.goto('/blog/crypto-rally-2024');
  await expect(page.getByRole('heading', { level: 2, name: 'What moved the market' })).toBeVisible();
  await expect(page.locator('#main')).toContainText('Published 15 Dec 2024');
  await expect(page.getByRole('link', { name: '← All articles' })).toBeVisible();
  await page.goto('/allpackage');
  await expect(page.getByRole('link', { name: 'Choose VIP3, 40 USDT' })).toHaveText('Choose VIP3');
  await expect(page.locator('#main')).toContainText('Deposit 40 USDT and receive 40 points once an admin confirms the transfer.');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(arabic).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`in Arabic (${theme}) the marketing pages read right to left, fit 390 px and show no English`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const arabic = arabicArticleRequests(page);
    await prefer(page, 'ar', theme);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      await expect(h1).toHaveText(/[\u0600-\u06FF]/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      // The page's own content: every visible text and label, minus e-mail addresses and phone numbers.
      const text = await page.locator('#main').evaluate((main) => {
        const labels = [...main.querySelectorAll('[aria-label],[alt],[title]')].map(
          (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('alt') ?? ''} ${e.getAttribute('title') ?? ''}`,
        );
        return `${(main as HTMLElement).innerText} ${labels.join(' ')}`;
      });
      const english = (text.replace(/\S+@\S+/g, ' ').match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []).filter((w) => !LATIN_KEPT.test(w));
      expect(english, `English left on ${path}`).toEqual([]);
      await expectAccessible(page);
    }
    // The articles are the Arabic ones, from their own chunk; the date in words with Latin digits.
    await page.goto('/blog/crypto-rally-2024');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('موجة صعود العملات المشفرة في 2024: ماذا حدث، وما الذي لا تعنيه');
    await expect(page.locator('#main time').first()).toHaveText('15 ديسمبر 2024');
    expect(arabic.length).toBeGreaterThan(0);
  });
}
