// One voice and a face (docs/product.md#one-voice-and-a-face): the typeface (IBM Plex Sans, and IBM Plex Sans
// Arabic in Arabic) is loaded from our own server, the logo mark leads the top bar, the home page has its
// picture, a slow list shows a skeleton and never "Loading…" text, the admin chart's figures carry thousands
// separators, dates read one way per language, and the contact page shows the address the super admin set.
// At 360 and 1,280 px, in English and Arabic, light and dark; every page axe-clean and never wider than the screen.
import { randomBytes } from 'node:crypto';
import { DEFAULT_SUPPORT_ADDRESS } from '@app/contract';
import type { Page } from '@playwright/test';
import { SADMIN, api, expect, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, freshAdminPage, pageAt, type Lang, type Theme } from './app-feel';



/** The theme asked for, then every screen's check. */
async function check(page: Page, lang: Lang, theme: Theme) {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await checkScreen(page, lang);
}

/** The font faces the page has loaded (document.fonts), by family, once every pending load has settled. */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/["']/g, '')} ${f.weight}`);
  });

/** No element shows "Loading…" as text (English or Arabic): loading states are skeletons. */
const loadingText = (page: Page) => page.locator('body').getByText(/Loading|جارٍ/);


for (const [width, lang, theme] of COMBOS) {
  test(`the face: typeface, logo, hero, contact address (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const page = await pageAt(browser, width, theme, lang);
    // The address the super admin sets is what the contact page shows (a live setting, read through GET /config).
    const sadmin = await browser.newContext();
    await api(sadmin.request, 'POST', '/user/login', SADMIN);
    const address = `Office ${randomBytes(2).readUInt16BE()}, Plex Tower, Dubai`;
    expect((await api(sadmin.request, 'PUT', '/settings', { supportAddress: address })).status).toBe(200);

    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    // The logo: the mark (an SVG) inside the link home, named for assistive technology by the link.
    const logo = page.getByTestId('logo');
    await expect(logo).toBeVisible();
    await expect(logo.getByTestId('logo-mark')).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    // The hero picture: served by us, drawn, with its size reserved.
    const hero = page.getByTestId('hero-art');
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The typeface: Plex Sans for Latin text; in Arabic, Plex Sans Arabic leads the stack and is loaded.
    const faces = await loadedFaces(page);
    expect(faces).toContain('IBM Plex Sans 400');
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    if (lang === 'ar') {
      expect(faces).toContain('IBM Plex Sans Arabic 400');
      expect(family).toMatch(/^"?IBM Plex Sans Arabic"?,/);
    } else {
      expect(faces.some((f) => f.startsWith('IBM Plex Sans Arabic')), 'an English page downloads no Arabic face').toBe(false);
      expect(family).toMatch(/^"?IBM Plex Sans"?,/);
    }
    // Headings use the 600 weight, loaded as its own file.
    expect(await loadedFaces(page)).toContain(lang === 'ar' ? 'IBM Plex Sans Arabic 600' : 'IBM Plex Sans 600');
    await check(page, lang, theme);

    await page.goto('/contact');
    await expect(page.getByTestId('contact-address')).toHaveText(address);
    await check(page, lang, theme);
    // The setting is the whole site's: back to the default, whose text the other journeys read in both languages.
    expect((await api(sadmin.request, 'PUT', '/settings', { supportAddress: DEFAULT_SUPPORT_ADDRESS })).status).toBe(200);
    await sadmin.close();
    await page.context().close();
  });

  test(`skeletons, not "Loading…", and one date format (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const page = await pageAt(browser, width, theme, lang);
    await signUpViaApi(page);
    if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
    const claim = await api(page.request, 'POST', '/deposit/deposit', { amount: 12, transactionId: randomBytes(32).toString('hex') });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);

    // The history's lists answer only when the test lets them: meanwhile the page shows skeletons.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/api\/v1\/(deposit|withdraw)\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/user/history');
    await expect(page.getByTestId('skeleton').first()).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading|جارٍ/ }).first()).toBeAttached();
    await expect(loadingText(page)).toHaveCount(0);
    release();
    await expect(page.getByTestId('skeleton')).toHaveCount(0);
    await expect(loadingText(page)).toHaveCount(0);
    // The deposit's date in the one format: "26 Nov 2026, 14:05" / "26 نوفمبر 2026، 14:05" (Latin digits).
    const date = page.locator('main time').first();
    await expect(date).toHaveText(lang === 'ar' ? /^\d{1,2} \S+ \d{4}، \d{2}:\d{2}$/ : /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    // An empty list has its picture and sentence (no withdrawals yet).
    await expect(page.getByTestId('empty-art').first()).toBeVisible();
    await check(page, lang, theme);
    await page.unroute(/\/api\/v1\/(deposit|withdraw)\//);
    await page.context().close();
  });

  test(`the admin chart's figures carry thousands separators (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    // A deposit claim of 4,500 USDT today puts the deposits axis in the thousands.
    const user = await pageAt(browser, width, theme, lang);
    await signUpViaApi(user);
    const claim = await api(user.request, 'POST', '/deposit/deposit', { amount: 4500, transactionId: randomBytes(32).toString('hex') });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    await user.context().close();

    const page = await freshAdminPage(browser, width, theme, lang);
    await page.goto('/admin/dashboard');
    // The charts load lazily; the first one's texts are its axes' ticks (days as MM-DD, and the amounts).
    await expect(page.locator('.recharts-wrapper > svg')).toHaveCount(2, { timeout: 20_000 });
    const ticks = page.locator('.recharts-wrapper').first().locator('svg text');
    await expect(ticks.filter({ hasText: /^\d{1,3}(,\d{3})+$/ }).first()).toBeVisible();
    const texts = await ticks.allTextContents();
    expect(texts.some((v) => /^\d{1,3}(,\d{3})+$/.test(v.trim())), texts.join(' | ')).toBe(true);
    expect(texts.every((v) => !/^\d{4,}$/.test(v.trim())), texts.join(' | ')).toBe(true);
    await expect(loadingText(page)).toHaveCount(0);
    await check(page, lang, theme);
    await page.context().close();
  });
}
