// What the app-feel journeys share: the four runs (360 and 1,280 px, English and Arabic, light and dark), a page
// opened in one of them, and the check every screen passes there (direction, axe, no sideways scroll).
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { SADMIN, api, expect, expectAccessible, loginViaApi, newUser } from './fixtures';

export type Theme = 'light' | 'dark';
export type Lang = 'en' | 'ar';

export const COMBOS: [number, Lang, Theme][] = [
  [360, 'en', 'light'],
  [360, 'ar', 'dark'],
  [1280, 'en', 'dark'],
  [1280, 'ar', 'light'],
];

/** A page of a new browser context at this width, theme and language (`clipboard`: it may read and write it). */
export async function pageAt(browser: Browser, width: number, theme: Theme, lang: Lang, { height = 800, clipboard = false } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
  if (clipboard) await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return ctx.newPage();
}

/** The super admin's API requests, in a context of their own. */
export async function sadminRequest(browser: Browser): Promise<APIRequestContext> {
  const ctx = await browser.newContext();
  expect((await api(ctx.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  return ctx.request;
}

/** The signed-in account's saved language, which the app follows. */
export async function speak(page: Page, lang: Lang) {
  if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
}

export async function checkScreen(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  // Nothing caught mid-animation (a toast sliding in is half transparent, which axe reads as low contrast);
  // endless ones (a skeleton's pulse) do not count.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await expectAccessible(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/**
 * A page signed in as a new admin (promoted by the super admin), speaking `lang`: journeys that switch an admin's
 * language use their own, as the super admin's saved language is shared by every journey running beside them.
 */
export async function freshAdminPage(browser: Browser, width: number, theme: Theme, lang: Lang): Promise<Page> {
  const page = await pageAt(browser, width, theme, lang);
  const staff = newUser('staff');
  const signed = await api(page.request, 'POST', '/user/register', staff);
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  const sadmin = await sadminRequest(browser);
  expect((await api(sadmin, 'PUT', `/user/${signed.body.user._id}/update-role`, { role: 'ADMIN' })).status).toBe(200);
  await loginViaApi(page, staff.email, staff.password);
  await speak(page, lang);
  return page;
}
