// Toasts that tell the truth (docs/product.md#toasts): one toast per event (the transfer's own answer, not also the
// live notification of it); a success takes down the same form's earlier error; a refusal about a field shows on
// the field and not as a toast; on a phone toasts sit at the bottom above the tab bar, on a desk at the top, and
// they never cover a secret shown once (the two-factor key and QR code). At 360 and 1,280 px, in English and
// Arabic, light and dark; every page axe-clean.
import type { Locator, Page } from '@playwright/test';
import { SADMIN, api, expect, newUser, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, pageAt } from './app-feel';




/** Loads `path` and waits until the bell's live stream is connected. */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/v1/notifications/stream') && res.status() === 200);
  await page.goto(path);
  await stream;
}

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
/** One animation frame with a toast on screen: the toasts, whether the toaster was hidden, the secrets shown. */
interface ToastFrame {
  toasts: Rect[];
  hidden: boolean;
  keepClear: Rect[];
}

/**
 * Starts recording, at every animation frame that has a toast, where the toasts and the secrets marked
 * `data-keep-clear` are and whether the toaster is hidden. A success toast stays 2 s and news 4 s
 * (docs/product.md#limits), which a busy host can spend before a test gets to measure them; the record keeps where
 * they were. Returns a reader of the frames seen so far.
 */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const frames: ToastFrame[] = [];
    (window as unknown as { toastFrames: ToastFrame[] }).toastFrames = frames;
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const sample = () => {
      const toaster = document.querySelector('[data-rht-toaster]');
      const toasts = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map(rect);
      if (toaster && toasts.length) {
        frames.push({ toasts, hidden: getComputedStyle(toaster).visibility === 'hidden', keepClear: [...document.querySelectorAll('[data-keep-clear]')].map(rect) });
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  return () => page.evaluate(() => (window as unknown as { toastFrames: ToastFrame[] }).toastFrames);
}

/**
 * Where the toasts sat: the frame seen most often (the same toasts in the same places, the toaster hidden or not), once
 * seen in 5 frames at least. A toast sliding in or out passes places it never stays at (below the screen, or its
 * first keyframe held for a frame or two on a busy host), and those are not where it sits.
 */
function resting(frames: ToastFrame[]): ToastFrame | undefined {
  const seen = new Map<string, { frame: ToastFrame; n: number }>();
  for (const frame of frames) {
    const key = JSON.stringify([frame.toasts.map((t) => [t.top, t.bottom, t.left, t.right].map(Math.round)), frame.hidden]);
    const entry = seen.get(key) ?? { frame, n: 0 };
    entry.n++;
    seen.set(key, entry);
  }
  const most = [...seen.values()].sort((a, b) => b.n - a.n)[0];
  return most && most.n >= 5 ? most.frame : undefined;
}

const overlaps = (a: Rect, b: Rect) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

const box = (l: Locator) => l.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
});


for (const [width, lang, theme] of COMBOS) {
  const phone = width < 768;

  test(`a refused then accepted transfer leaves only the success toast; field errors stay on the fields (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const admin = await browser.newContext();
    expect((await api(admin.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
    const recipientPage = await browser.newPage();
    const recipient = await signUpViaApi(recipientPage, newUser('toastee'));
    await recipientPage.context().close();

    const page = await pageAt(browser, width, theme, lang, { height: 740 });
    const me = await signUpViaApi(page, newUser('toaster'));
    if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
    expect((await api(admin.request, 'POST', '/adpoint/addpoint', { email: me.email, points: 10 })).status).toBe(200);

    const toasts = page.locator('[data-rht-toaster] [role="status"]');
    await openWithStream(page, '/user/transfer');
    // Spent elsewhere meanwhile: the page still believes 10 (its balance read is held at 10, as a page whose
    // stream missed the news would), the server knows 2. The news toast comes and goes (scanned once it has gone:
    // axe reads a toast caught mid-fade as low contrast).
    const balanceRead = '**/api/v1/user/point';
    await page.route(balanceRead, (route) => route.fulfill({ json: { success: true, message: 'Points', point: 10 } }));
    expect((await api(admin.request, 'POST', '/adpoint/removepoint', { email: me.email, points: 8 })).status).toBe(200);
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveCount(0);
    await checkScreen(page, lang);

    const email = page.locator('input[name="recipientEmail"]');
    const points = page.locator('input[name="points"]');
    const send = page.locator('main form button[type="submit"]');
    const confirm = page.getByRole('dialog').getByRole('button', { name: lang === 'ar' ? 'تأكيد' : 'Confirm', exact: true });

    // Refused by the server (more than the balance): the points field says so, and no toast repeats it.
    await email.fill(recipient.email);
    await points.fill('5');
    await send.click();
    await confirm.click();
    await expect(points).toHaveAttribute('aria-invalid', 'true');
    if (lang === 'en') await expect(page.locator('main form')).toContainText('Insufficient points');
    await expect(toasts).toHaveCount(0);

    // Accepted: one toast, the answer's, and not also the live notification of the same transfer.
    await page.unroute(balanceRead);
    const unread = page.getByTestId('notification-count');
    const unreadBefore = (await unread.count()) ? Number(await unread.textContent()) : 0;
    await points.fill('2');
    await send.click();
    const toastFrames = await recordToasts(page);
    await confirm.click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText(lang === 'ar' ? /./ : 'Points transferred successfully');
    // Where it sat once it had slid in: on a phone at the bottom, above the tab bar; on a desk at the top, under
    // the top bar.
    const edge = phone ? (await box(page.getByTestId('tab-bar'))).top : (await box(page.getByTestId('top-bar'))).bottom;
    await expect
      .poll(async () => {
        const t = resting(await toastFrames())?.toasts[0];
        return !!t && (phone ? t.top > 740 / 2 && t.bottom <= edge : t.top < 740 / 2 && t.top >= edge);
      })
      .toBe(true);
    // The notification has arrived (the bell counts it) and told nothing more.
    await expect(unread).toHaveText(String(unreadBefore + 1));
    expect(await toasts.count()).toBeLessThanOrEqual(1);
    await expect(page.locator('[data-rht-toaster]')).not.toContainText('🔔');

    await checkScreen(page, lang);

    // A field error in the browser (nothing filled): on the fields, no toast.
    await page.reload();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(points).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toasts).toHaveCount(0);
    await checkScreen(page, lang);
    await admin.close();
    await page.context().close();
  });

  test(`no toast covers the two-factor key and QR code (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const admin = await browser.newContext();
    expect((await api(admin.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
    const page = await pageAt(browser, width, theme, lang, { height: 740 });
    const me = await signUpViaApi(page, newUser('secret'));
    if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
    expect((await api(page.request, 'POST', '/user/reauth', { password: me.password })).status).toBe(200);

    await openWithStream(page, '/user/security');
    await page.getByRole('button', { name: lang === 'ar' ? 'إعداد تسجيل الدخول بخطوتين' : 'Set up two-factor sign-in' }).click();
    const secrets = page.locator('[data-keep-clear]');
    await expect(secrets).toHaveCount(2);
    // The QR code at the bottom of the screen, where a phone's toasts would be, and the key just above it.
    await secrets.first().evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await checkScreen(page, lang);

    // News arrives while they are shown: its toast keeps clear of both (read from the frames recorded since before
    // it came, as the toast may have gone by the time the test looks).
    const toastFrames = await recordToasts(page);
    expect((await api(admin.request, 'POST', '/adpoint/addpoint', { email: me.email, points: 3 })).status).toBe(200);
    const toast = page.locator('[data-rht-toaster] [role="status"]');
    await expect(toast).toHaveCount(1);
    await expect(page.locator('[data-rht-toaster]')).toContainText('🔔');
    await expect
      .poll(async () => {
        const at = resting(await toastFrames());
        if (!at || at.keepClear.length !== 2) return 'not yet at rest';
        return at.hidden || at.toasts.every((t) => at.keepClear.every((r) => !overlaps(t, r))) ? 'clear' : 'covers';
      })
      .toBe('clear');
    await admin.close();
    await page.context().close();
  });
}
