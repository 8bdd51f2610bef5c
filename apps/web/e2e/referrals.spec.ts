// The referral program's "My team" page (docs/money.md#referral-program). A chain A ← B ← C ← D (A referred B, …) plus 20 more people A
// referred: B's first deposit is approved (A +1.00 at level 1) and D is paid a 2.00 video reward (A +0.06 at level 3).
// A's team page shows the people and amounts per level and the members page by page, used with the keyboard on a
// 390 px phone in both themes, with no sideways scroll and no serious axe violation; D (nobody below) sees the empty
// state explaining the program with the rates in force. The admin sees the referrer and referral earnings on the
// users desk and the total on the dashboard. The super admin then raises level 1 to 20 % on the settings
// page, and D's next reward pays C at the new rate while C's earlier commission stays as it was.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { SADMIN, api, expect, expectAccessible, expectToast, loginViaApi, newUser, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

type Person = ReturnType<typeof newUser> & { _id: string };

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, `page is ${widths.doc}px wide in a ${widths.view}px viewport`).toBeLessThanOrEqual(widths.view);
}

async function register(browser: Browser, prefix: string, refer?: string): Promise<{ person: Person; request: APIRequestContext }> {
  const context = await browser.newContext();
  const u = newUser(prefix);
  const res = await api(context.request, 'POST', '/user/register', { ...u, ...(refer ? { refer } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { person: { ...u, _id: res.body.user._id }, request: context.request };
}

let a: Person;
let b: Person;
let c: Person;
let d: Person;
let dRequest: APIRequestContext;
let adminRequest: APIRequestContext;

/** D opens a new 3-second video worth 2.00 and is paid for it. */
async function rewardD() {
  const video = await api(adminRequest, 'POST', '/video', { link: `https://example.com/team-${Date.now()}.mp4`, point: 2, time: 0.05 });
  expect(video.status, JSON.stringify(video.body)).toBe(201);
  expect((await api(dRequest, 'GET', `/video/${video.body.video._id}`)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 1_500));
  const paid = await api(dRequest, 'POST', '/video/add-point', { videoId: video.body.video._id });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  const admin = (await browser.newContext()).request;
  adminRequest = admin;
  expect((await api(admin, 'POST', '/user/login', SADMIN)).status).toBe(200);

  const ra = await register(browser, 'teama');
  const rb = await register(browser, 'teamb', ra.person.email);
  const rc = await register(browser, 'teamc', rb.person.email);
  const rd = await register(browser, 'teamd', rc.person.email);
  [a, b, c, d] = [ra.person, rb.person, rc.person, rd.person];
  dRequest = rd.request;
  for (let i = 0; i < 20; i++) await register(browser, `teamx${i}`, a.email);

  // B's first deposit, approved: A gets the first-deposit bonus.
  const claim = await api(rb.request, 'POST', '/deposit/deposit', { amount: 15, transactionId: randomBytes(32).toString('hex') });
  expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  expect((await api(admin, 'POST', `/deposit/deposit/${claim.body.deposit._id}`)).status).toBe(200);

  // D subscribes and is paid a 2.00 reward: C +0.20, B +0.10, A +0.06.
  expect((await api(admin, 'POST', '/adpoint/addpoint', { email: d.email, points: 20 })).status).toBe(200);
  expect((await api(rd.request, 'POST', '/subscription/activate-with-points')).status).toBe(200);
  await rewardD();
});

test.afterAll(async () => {
  // The other journeys expect the default rates.
  const res = await api(adminRequest, 'PUT', '/settings', { referralLevels: '10,5,3' });
  expect([200, 400]).toContain(res.status); // 400: nothing changed
});

for (const theme of ['light', 'dark'] as const) {
  test(`A's team page at 390 px in the ${theme} theme: people and amounts per level, members paged with the keyboard`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loginViaApi(page, a.email, a.password);

    // The logged-in menu leads there (on a phone, behind "Open menu").
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('nav#side-menu').getByRole('link', { name: 'My team' }).click();
    await expect(page).toHaveURL(/\/user\/referrals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My team' })).toBeVisible();

    await expect(page.getByTestId('team-link')).toHaveText(/\/signup\/teama/);
    await expect(page.getByTestId('team-totals')).toHaveText('23 people, who earned you 1.06 USDT in all.');
    const levels = page.getByTestId('team-level');
    await expect(levels).toHaveCount(3);
    await expect(levels.nth(0)).toContainText('Level 1 · 10%');
    await expect(levels.nth(0)).toContainText('21 people');
    await expect(levels.nth(0)).toContainText('1.00 USDT earned');
    await expect(levels.nth(1)).toContainText('Level 2 · 5%');
    await expect(levels.nth(1)).toContainText('1 person');
    await expect(levels.nth(1)).toContainText('0.00 USDT earned');
    await expect(levels.nth(2)).toContainText('Level 3 · 3%');
    await expect(levels.nth(2)).toContainText('1 person');
    await expect(levels.nth(2)).toContainText('0.06 USDT earned');
    await expect(page.getByTestId('team-member')).toHaveCount(20);
    await noSidewaysScroll(page);
    await expectAccessible(page);

    // Keyboard only: copy the link, then go to the second page of members.
    const copy = page.getByRole('button', { name: 'Copy your referral link' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Referral link copied');
    const next = page.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    const members = page.getByTestId('team-member');
    await expect(members).toHaveCount(3);
    await expect(members.nth(0)).toContainText(b.fullName);
    await expect(members.nth(0)).toContainText('Level 1');
    await expect(members.nth(0)).toContainText('1.00 USDT earned');
    await expect(members.nth(1)).toContainText('Level 2');
    await expect(members.nth(1)).toContainText('0.00 USDT earned');
    await expect(members.nth(2)).toContainText(d.fullName);
    await expect(members.nth(2)).toContainText('Level 3');
    await expect(members.nth(2)).toContainText('0.06 USDT earned');
    await expect(page.getByRole('main')).not.toContainText('@e2e.test'); // no e-mails of other users
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test('D, with nobody below, sees the empty state explaining the program with the current rates', async ({ page }) => {
  await loginViaApi(page, d.email, d.password);
  await page.goto('/user/referrals');
  const empty = page.getByTestId('team-empty');
  await expect(empty).toContainText('Nobody has joined with your link yet');
  await expect(empty).toContainText('you receive 10% of it');
  await expect(empty).toContainText('you receive 5% of it');
  await expect(empty).toContainText('you receive 3% of it');
  await expect(empty).toContainText('you receive 1.00 USDT, once');
  await expect(page.getByTestId('team-totals')).toHaveText('0 people, who earned you 0.00 USDT in all.');
  await noSidewaysScroll(page);
  await expectAccessible(page);
});

test('the admin sees each user’s referrer and referral earnings on the users desk, and the total on the dashboard', async ({ page }) => {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const dash = await api(page.request, 'GET', '/admin/dashboard');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dashboard-referral-commissions')).toContainText(dash.body.referralCommissions.toFixed(2));
  expect(dash.body.referralCommissions).toBeGreaterThanOrEqual(1 + 0.2 + 0.1 + 0.06);
  await page.goto(`/allusers?q=${encodeURIComponent(b.email)}`);
  const row = page.getByTestId('admin-user-row').filter({ hasText: b.email });
  await expect(row).toContainText(a.email); // B's referrer
  await expect(row.getByTestId('admin-user-referral-earnings')).toHaveText('0.10');
  await page.goto(`/allusers?q=${encodeURIComponent(a.email)}`);
  await expect(page.getByTestId('admin-user-row').filter({ hasText: a.email }).getByTestId('admin-user-referral-earnings')).toHaveText('1.06');
  await expectAccessible(page);
});

test('a rate changed on the settings page applies to the next reward only', async ({ page }) => {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await page.goto('/admin/settings');
  const levels = page.getByLabel('Referral commission levels (%)');
  await expect(levels).toHaveValue('10,5,3');
  await levels.fill('20, 5, 3');
  await levels.press('Enter');
  await expectToast(page, 'Settings saved');

  // C was paid 0.20 (10 %) for D's first reward; D's next 2.00 reward pays C 0.40 (20 %).
  await rewardD();
  await loginViaApi(page, c.email, c.password);
  await page.goto('/user/referrals');
  const levelCards = page.getByTestId('team-level');
  await expect(levelCards.nth(0)).toContainText('Level 1 · 20%');
  await expect(levelCards.nth(0)).toContainText('0.60 USDT earned');
  await expect(page.getByTestId('team-member').first()).toContainText('0.60 USDT earned');
  await expectAccessible(page);
});
