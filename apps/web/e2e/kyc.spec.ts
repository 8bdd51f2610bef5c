// Identity checks in the browser (docs/product.md#identity-checks): with KYC_REQUIRED on, a user's withdrawal is
// refused; they send the form with a document, an admin rejects it with a reason, the user reads the reason and
// sends it again, the admin approves, and the withdrawal goes through. At 360 and 1,280 px, English and Arabic,
// light and dark; every page axe-clean and never wider than the screen.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { SADMIN, api, expect, expectAccessible, loginViaApi, newUser, signUpViaApi, test, tronAddress } from './fixtures';

type Theme = 'light' | 'dark';
type Lang = 'en' | 'ar';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)]);
const FORM = {
  fields: [
    { key: 'full_name', kind: 'text', labelEn: 'Full legal name', labelAr: 'الاسم القانوني الكامل', required: true },
    { key: 'birth', kind: 'date', labelEn: 'Date of birth', labelAr: 'تاريخ الميلاد', required: true },
    { key: 'doc_type', kind: 'select', labelEn: 'Document', labelAr: 'المستند', required: true, options: [{ en: 'Passport', ar: 'جواز سفر' }, { en: 'ID card', ar: 'بطاقة هوية' }] },
    { key: 'doc', kind: 'file', labelEn: 'Document photo', labelAr: 'صورة المستند', required: true },
  ],
};

async function context(browser: Browser, width: number, theme: Theme, lang: Lang) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return ctx.newPage();
}

async function check(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expectAccessible(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

async function fillAndSend(user: Page, name: string) {
  await user.locator('input[name="full_name"]').fill(name);
  await user.locator('input[name="birth"]').fill('1990-02-28');
  await user.locator('select[name="doc_type"]').selectOption('Passport');
  await user.locator('input[name="doc"]').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await user.locator('main form button[type="submit"]').click();
}

async function sadminRequest(browser: Browser): Promise<APIRequestContext> {
  const ctx = await browser.newContext();
  expect((await api(ctx.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  return ctx.request;
}

const COMBOS: [number, Lang, Theme][] = [
  [360, 'en', 'light'],
  [360, 'ar', 'dark'],
  [1280, 'en', 'dark'],
  [1280, 'ar', 'light'],
];

for (const [width, lang, theme] of COMBOS) {
  test(`identity check: rejected with a reason, sent again, approved, then a withdrawal (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const boss = await sadminRequest(browser);
    expect((await api(boss, 'PUT', '/admin/kyc/form', FORM)).status).toBe(200);
    const setting = await api(boss, 'PUT', '/settings', { kycRequired: 'withdrawals' });
    expect([200, 400]).toContain(setting.status); // 400: already so (a previous journey)
    try {
      const user = await context(browser, width, theme, lang);
      const me = await signUpViaApi(user, newUser('kyc'));
      if (lang === 'ar') expect((await api(user.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
      expect((await api(boss, 'POST', '/adpoint/addpoint', { email: me.email, points: 50 })).status).toBe(200);
      // Refused while not verified, saying why; the withdraw page points to the form.
      await expect.poll(async () => (await api(user.request, 'POST', '/withdraw', { amount: 10, paymentId: tronAddress() })).status).toBe(403);
      await user.goto('/user/withdraw');
      await expect(user.locator('main a[href="/user/verification"]')).toBeVisible();

      await user.goto('/user/verification');
      await expect(user.getByTestId('kyc-status')).toBeVisible();
      await check(user, lang);
      await fillAndSend(user, 'Alice Blurred');
      await expect(user.locator('main form')).toHaveCount(0);

      // An admin of their own rejects it with a reason.
      const desk = await context(browser, width, theme, lang);
      const staff = newUser('kycdesk');
      const signed = await api(desk.request, 'POST', '/user/register', staff);
      expect((await api(boss, 'PUT', `/user/${signed.body.user._id}/update-role`, { role: 'ADMIN' })).status).toBe(200);
      await loginViaApi(desk, staff.email, staff.password);
      if (lang === 'ar') await api(desk.request, 'PUT', '/user/language', { language: 'ar' });
      await desk.goto('/admin/kyc');
      const card = desk.getByTestId('kyc-submission').filter({ hasText: me.email });
      await expect(card).toBeVisible();
      await expect(card.locator('img')).toHaveCount(1);
      await check(desk, lang);
      await card.locator('input[name="reason"]').fill('The photo is blurred');
      await card.getByRole('button').nth(1).click();
      await expect(card).toHaveCount(0);

      // The user reads the reason and sends it again.
      await user.reload();
      await expect(user.getByTestId('kyc-reason')).toContainText('The photo is blurred');
      await check(user, lang);
      await fillAndSend(user, 'Alice Sharp');
      await expect(user.locator('main form')).toHaveCount(0);

      // Approved.
      await desk.reload();
      const again = desk.getByTestId('kyc-submission').filter({ hasText: me.email });
      await expect(again).toContainText('Alice Sharp');
      await again.getByRole('button').first().click();
      await expect(again).toHaveCount(0);

      await user.reload();
      await expect(user.locator('main form')).toHaveCount(0);
      await check(user, lang);
      const paid = await api(user.request, 'POST', '/withdraw', { amount: 10, paymentId: tronAddress() });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      await user.context().close();
      await desk.context().close();
    } finally {
      await api(boss, 'PUT', '/settings', { kycRequired: 'off' });
    }
  });
}

test('the super admin’s form designer is reachable and clean', async ({ browser }) => {
  const page = await context(browser, 1280, 'dark', 'en');
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await page.goto('/admin/kyc-form');
  await expect(page.getByTestId('kyc-field').first()).toBeVisible();
  await check(page, 'en');
  await page.setViewportSize({ width: 360, height: 800 });
  await check(page, 'en');
  await page.context().close();
});
