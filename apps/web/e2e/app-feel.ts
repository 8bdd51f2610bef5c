// What the app-feel journeys share: the four runs (360 and 1,280 px, English and Arabic, light and dark), a page
// opened in one of them, and the check every screen passes there (direction, axe, no sideways scroll).
import type { Browser, Page } from '@playwright/test';
import { api, expect, expectAccessible } from './fixtures';

export type Theme = 'light' | 'dark';
export type Lang = 'en' | 'ar';

export const COMBOS: [number, Lang, Theme][] = [
  [360, 'en', 'light'],
  [360, 'ar', 'dark'],
  [1280, 'en', 'dark'],
  [1280, 'ar', 'light'],
];

export async function pageAt(browser: Browser, width: number, theme: Theme, lang: Lang): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return ctx.newPage();
}

/** The signed-in account's saved language, which the app follows. */
export async function speak(page: Page, lang: Lang) {
  if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
}

export async function checkScreen(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expectAccessible(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}
