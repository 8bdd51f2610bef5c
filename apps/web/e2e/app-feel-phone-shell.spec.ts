// The phone shell (docs/product.md#the-phone-shell): signed in below 768 px, a bottom tab bar (Home, Videos, Send,
// Activity, Account) with the open tab marked, reachable by keyboard, nothing hidden behind it, and none at 1,280;
// the side menu leads with the app and keeps the public pages below; app pages get the compact footer; at 360 px no
// two top-bar elements overlap (signed out, signed in, admin), and the bell's and the account's places keep their
// size while they load. At 360 and 1,280 px, in English and Arabic, light and dark; every page axe-clean.
import type { Locator, Page, Route } from '@playwright/test';
import { api, expect, newUser, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, freshAdminPage, pageAt } from './app-feel';




type Box = { name: string; x: number; y: number; width: number; height: number };

/** The top bar's visible pieces: the menu button, the logo, and each control of its end group. */
async function topBarBoxes(page: Page): Promise<Box[]> {
  return page.getByTestId('top-bar').evaluate((header) => {
    const row = header.firstElementChild as HTMLElement;
    const pieces = [...row.children].flatMap((child) => (child.classList.contains('ms-auto') ? [...child.children] : [child]));
    return pieces
      .map((el, i) => {
        const r = el.getBoundingClientRect();
        const label = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.querySelector('[data-testid]')?.getAttribute('data-testid') ?? el.tagName;
        return { name: `${i}:${label}`, x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((b) => b.width > 0 && b.height > 0);
  });
}

async function expectNoOverlap(page: Page, width: number) {
  const boxes = await topBarBoxes(page);
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const b of boxes) {
    expect(b.x, `${b.name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${b.name} ends on screen`).toBeLessThanOrEqual(width);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${a.name} and ${b.name} overlap: ${JSON.stringify([a, b])}`).toBe(true);
    }
}

const rect = (l: Locator) => l.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
});


for (const [width, lang, theme] of COMBOS) {
  const phone = width < 768;

  test(`signed in: the tab bar, the side menu's order, the compact footer, a steady top bar (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const page = await pageAt(browser, width, theme, lang, { height: 740 });
    await signUpViaApi(page, newUser('shell'));
    if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);

    // The bell's chunk is held back: its place (and the bar) is measured before and after it arrives.
    const held: Route[] = [];
    let release = false;
    await page.route(/\/assets\/notification-bell-[^/]*\.js$/, (route) => (release ? route.continue() : void held.push(route)));
    await page.goto('/user/dashboard');
    const slot = page.getByTestId('bell-slot');
    await expect(slot).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    // From 640 px up the account's button is as wide as the name it shows, so its own chunk arriving moves what is
    // left of it (a CI run measured the slot before that chunk had come); the slot's promise is about the bell. On
    // a phone the account's placeholder is its size, and the bar is measured before it arrives too (below).
    if (!phone) await expect(page.getByTestId('user-menu-button')).toBeVisible();
    const before = await rect(slot);
    const menuBefore = await topBarBoxes(page);
    release = true;
    for (const route of held.splice(0)) await route.continue();
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    expect(await rect(slot)).toEqual(before);
    expect(before).toMatchObject({ width: 40, height: 40 });
    // On a phone nothing in the bar moved when the bell and the account arrived.
    if (phone) expect((await topBarBoxes(page)).map(({ x, width: w }) => ({ x: Math.round(x), w: Math.round(w) }))).toEqual(menuBefore.map(({ x, width: w }) => ({ x: Math.round(x), w: Math.round(w) })));
    await expectNoOverlap(page, width);

    const tabs = page.getByTestId('tab-bar');
    if (!phone) {
      await expect(tabs).toBeHidden();
    } else {
      await expect(tabs).toBeVisible();
      const links = tabs.getByRole('link');
      await expect(links).toHaveCount(5);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/user/dashboard', '/video', '/user/transfer', '/user/statement', '/user/profile']);
      await expect(links.nth(0)).toHaveAttribute('aria-current', 'page');
      await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
      // The tab bar sits at the very bottom, the full width.
      const bar = await rect(tabs);
      expect(bar.y + bar.height).toBe(740);
      expect(bar.width).toBe(width);

      // The keyboard reaches the tabs: Send by focus and Enter, then Activity.
      await links.nth(2).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/user\/transfer$/);
      await expect(links.nth(2)).toHaveAttribute('aria-current', 'page');
      await expect(links.nth(0)).not.toHaveAttribute('aria-current', 'page');
      await checkScreen(page, lang);
      await links.nth(3).click();
      await expect(page).toHaveURL(/\/user\/statement$/);
      await expect(links.nth(3)).toHaveAttribute('aria-current', 'page');
      await links.nth(4).click();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await expect(links.nth(4)).toHaveAttribute('aria-current', 'page');
      await links.nth(0).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);

      // Nothing hides behind the bar: at the bottom of the page, the footer's last line ends above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = page.getByTestId('compact-footer');
      await expect.poll(async () => { const f = await rect(footer); return f.y + f.height; }).toBeLessThanOrEqual((await rect(tabs)).y);
    }

    // App pages have the compact footer (the spec's links and contacts), the home page the full one.
    const footer = page.getByTestId('compact-footer');
    await expect(footer).toBeVisible();
    expect(await footer.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/contact',
      '/allpackage',
      '/blog',
      '/about',
      'mailto:help@e2e.test',
      'tel:+97141234567',
    ]);
    expect((await rect(footer)).height).toBeLessThanOrEqual(phone ? 150 : 60);
    await checkScreen(page, lang);

    // The side menu: the app first (money, then team and security, the account), the public pages after it.
    if (phone) await page.locator('button[aria-controls="side-menu"]').click();
    const menu = page.locator('#side-menu');
    await expect(menu).toBeVisible();
    const order = await menu.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const spec of ['/', '/allpackage', '/blog', '/contact', '/about', '/user/transfer', '/user/deposit', '/user/package', '/user/withdraw', '/user/profile'])
      expect(order, `the side menu keeps ${spec}`).toContain(spec);
    expect(order[0]).toBe('/user/dashboard');
    const lastApp = Math.max(...['/user/dashboard', '/user/transfer', '/user/referrals', '/user/security', '/user/profile'].map((p) => order.indexOf(p)));
    const firstPublic = Math.min(...['/', '/allpackage', '/blog', '/contact', '/about'].map((p) => order.indexOf(p)));
    expect(lastApp).toBeLessThan(firstPublic);
    await checkScreen(page, lang);
    if (phone) await page.keyboard.press('Escape');

    await page.goto('/');
    await expect(page.getByTestId('compact-footer')).toHaveCount(0);
    await expect(page.locator('footer')).toBeVisible();
    await expectNoOverlap(page, width);
    await page.context().close();
  });

  test(`signed out and as an admin: the top bar never overlaps itself, no tab bar (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    let page = await pageAt(browser, width, theme, lang, { height: 740 });
    for (const path of ['/', '/login', '/allpackage']) {
      await page.goto(path);
      await expect(page.getByTestId('theme-toggle')).toBeVisible();
      await expectNoOverlap(page, width);
      await expect(page.getByTestId('tab-bar')).toHaveCount(0);
      // The logo is the mark alone on a phone.
      const logo = page.getByTestId('top-bar').locator('a[href="/"]');
      if (phone) expect((await rect(logo)).width).toBeLessThanOrEqual(40);
    }
    await checkScreen(page, lang);

    await page.context().close();
    page = await freshAdminPage(browser, width, theme, lang);
    for (const path of ['/admin/dashboard', '/user/dashboard']) {
      await page.goto(path);
      await expect(page.getByTestId('notification-bell')).toBeVisible();
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      await expectNoOverlap(page, width);
    }
    if (phone) await expect(page.getByTestId('tab-bar')).toBeVisible();
    else await expect(page.getByTestId('tab-bar')).toBeHidden();
    await checkScreen(page, lang);
    await page.context().close();
  });
}
