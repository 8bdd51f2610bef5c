// The admin desks lead with the work (docs/product.md#admin-desks): the deposit and withdrawal desks open on their
// pending records, oldest first, with the points forms folded after the queue; a destructive action sits in the
// row's menu and asks first; /allusers reads without overlapping labels at 360 px and opens a user's own page
// (balance, ledger); the audit log is one line per entry with its detail on demand. At 360 and 1,280 px, English
// and Arabic, light and dark, axe-clean and never wider than the screen.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { SADMIN, api, expect, loginViaApi, newUser, test, tronAddress } from './fixtures';
import { COMBOS, checkScreen, pageAt, speak, type Lang } from './app-feel';

const ok = async (call: Promise<{ status: number; body: unknown }>) => {
  const r = await call;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body as Record<string, any>;
};

/** The two boxes of each card label and its value, in every cell of a row, do not overlap. */
async function labelsClear(row: Locator) {
  const overlaps = await row.evaluate((tr) =>
    [...tr.querySelectorAll('td, th')].flatMap((cell) => {
      const [label, value] = [...cell.children] as HTMLElement[];
      if (!label || !value || getComputedStyle(label).display === 'none') return [];
      const a = label.getBoundingClientRect();
      const b = value.getBoundingClientRect();
      const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      return apart ? [] : [`${label.textContent} over ${value.textContent?.slice(0, 30)}`];
    }),
  );
  expect(overlaps).toEqual([]);
}

const above = async (a: Locator, b: Locator) => ((await a.boundingBox())!.y < (await b.boundingBox())!.y);

for (const [width, lang, theme] of COMBOS) {
  test(`the desks lead with the work; a user's own page; the audit detail (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    // Four signed-in pages and seven screens scanned by axe: more than one default test time on a shared machine.
    test.slow();
    const sadmin = await pageAt(browser, width, theme, lang);
    await loginViaApi(sadmin, SADMIN.email, SADMIN.password);

    // A member with two deposit claims and two withdrawal requests, the first of each made first.
    const member = await pageAt(browser, width, theme, 'en');
    const who = newUser('desk');
    const signed = await ok(api(member.request, 'POST', '/user/register', who));
    await ok(api(sadmin.request, 'POST', '/adpoint/addpoint', { email: who.email, points: 40 }));
    const claims = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    for (const transactionId of claims) await ok(api(member.request, 'POST', '/deposit/deposit', { amount: 12, transactionId }));
    const payTo = [tronAddress(), tronAddress()];
    for (const paymentId of payTo) await ok(api(member.request, 'POST', '/withdraw', { amount: 5, paymentId }));
    // A second session of the member, from Firefox on a Mac (the first is this browser: Chrome on Linux).
    const mac = await browser.newContext({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0' });
    await ok(api(mac.request, 'POST', '/user/login', { email: who.email, password: who.password }));

    // A fresh admin, in the run's language.
    const desk = await pageAt(browser, width, theme, lang);
    const staff = newUser('staff');
    const staffId = (await ok(api(desk.request, 'POST', '/user/register', staff))).user._id as string;
    await ok(api(sadmin.request, 'PUT', `/user/${staffId}/update-role`, { role: 'ADMIN' }));
    await loginViaApi(desk, staff.email, staff.password);
    await speak(desk, lang);

    // The deposit desk opens on pending, oldest first; the points form comes after, folded.
    await desk.goto(`/admin/deposit?email=${encodeURIComponent(who.email)}`);
    const rows = desk.getByTestId('admin-deposit-row');
    await expect(rows).toHaveCount(2);
    await expect(desk.locator('main select').first()).toHaveValue('pending');
    await expect(rows.nth(0)).toContainText(claims[0]!.slice(0, 8));
    await expect(rows.nth(1)).toContainText(claims[1]!.slice(0, 8));
    const addForm = desk.getByTestId('points-form-add');
    await expect(addForm).not.toHaveAttribute('open');
    await expect(addForm.locator('input[name="email"]')).toBeHidden();
    expect(await above(rows.first(), addForm)).toBe(true);
    // No red button on the row: delete is in its menu, and asks first.
    await expect(rows.first().locator('button.bg-red-700, button.dark\\:bg-red-400').filter({ visible: true })).toHaveCount(0);
    await rows.first().getByRole('button', { name: new RegExp(`^(More|المزيد) ${who.email}$`) }).click();
    await rows.first().getByTestId('row-menu').locator('[id] button').filter({ visible: true }).click();
    await expect(desk.getByRole('dialog')).toBeVisible();
    await checkScreen(desk, lang);
    await desk.keyboard.press('Escape');
    await expect(desk.getByRole('dialog')).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await addForm.locator('summary').click();
    await expect(addForm.locator('input[name="email"]')).toBeVisible();

    // The withdrawal desk: the pending queue, oldest first, then the list; the points form folded at the end.
    await desk.goto('/admin/withdraw');
    const queue = desk.getByTestId('desk-row');
    await expect(queue.filter({ hasText: payTo[0]! })).toHaveCount(1);
    const texts = await queue.allTextContents();
    const first = texts.findIndex((x) => x.includes(payTo[0]!));
    const second = texts.findIndex((x) => x.includes(payTo[1]!));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(second);
    const removeForm = desk.getByTestId('points-form-remove');
    await expect(removeForm).not.toHaveAttribute('open');
    expect(await above(queue.first(), removeForm)).toBe(true);
    await checkScreen(desk, lang);

    // The users desk: no label over its value; the row opens the user's own page with their balance and ledger.
    await desk.goto(`/allusers?q=${encodeURIComponent(who.email)}`);
    const userRow = desk.getByTestId('admin-user-row');
    await expect(userRow).toHaveCount(1);
    await labelsClear(userRow);
    await checkScreen(desk, lang);
    await userRow.getByRole('link', { name: new RegExp(who.email) }).click();
    await expect(desk).toHaveURL(new RegExp(`/admin/users/${signed.user._id}$`));
    await expect(desk.getByTestId('admin-user-balance')).toHaveText('30.00 USDT');
    await expect(desk.getByTestId('admin-user-ledger').locator('li')).toHaveCount(3);
    await expect(desk.getByTestId('admin-user-deposits').locator('li')).toHaveCount(2);
    await expect(desk.getByTestId('admin-user-withdrawals').locator('li')).toHaveCount(2);
    // Sessions by browser and system, as the user's security page names them, with the address; never the header.
    const sessions = desk.getByTestId('admin-user-sessions');
    const on = (browserName: string, os: string) => (lang === 'ar' ? `${browserName} على ${os}` : `${browserName} on ${os}`);
    await expect(sessions.locator('li').filter({ hasText: on('Firefox', 'macOS') })).toHaveCount(1);
    await expect(sessions.locator('li').filter({ hasText: on('Chrome', 'Linux') })).toHaveCount(1);
    await expect(sessions).not.toContainText('Mozilla');
    await checkScreen(desk, lang);

    // The audit log (super admin): one line per entry, the before and after in its detail.
    await withLanguage(sadmin, lang, async () => {
      await sadmin.goto('/admin/audit?action=user.role_changed');
      const line = sadmin.getByTestId('audit-row').filter({ hasText: staff.email }).first();
      await expect(line).toBeVisible();
      await expect(line.getByTestId('audit-detail')).toBeHidden();
      await line.getByRole('button', { name: /^(Details|التفاصيل)$/ }).click();
      await expect(line.getByTestId('audit-before')).toContainText('role: USER');
      await expect(line.getByTestId('audit-after')).toContainText('role: ADMIN');
      await checkScreen(sadmin, lang);
    });
    for (const p of [sadmin, member, desk]) await p.context().close();
    await mac.close();
  });
}

/** The super admin is shared by every journey: its saved language is put back whatever happens. */
async function withLanguage(page: Page, lang: Lang, run: () => Promise<void>) {
  await speak(page, lang);
  try {
    await run();
  } finally {
    if (lang !== 'en') await api(page.request, 'PUT', '/user/language', { language: 'en' });
  }
}
