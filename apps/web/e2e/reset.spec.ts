// Journey: password reset through the e-mailed link. Without SMTP_URL the server writes each mail to
// DATA_DIR/outbox/*.eml; playwright.config.ts makes that DATA_DIR and passes it as E2E_DATA_DIR.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DESKTOP,
  api,
  expect,
  expectAccessible,
  expectToast,
  fillLogin,
  loginViaApi,
  newUser,
  signUpViaApi,
  test,
  visit,
} from './fixtures';

test.use({ viewport: DESKTOP });

/** Quoted-printable body → text: soft line breaks and the escaped "=". */
function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset link of the newest .eml addressed to `email`, waiting for the mail (it is sent in the background). */
async function readResetLink(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'E2E_DATA_DIR is set by playwright.config.ts').toBeTruthy();
  const outbox = path.join(dataDir!, 'outbox');
  let link = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
        for (const name of names) {
          const text = decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8'));
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
          link = text.match(/https?:\/\/[^\s"<>]+\/user\/profile\/reset-password\/[A-Za-z0-9_-]+/)?.[0] ?? '';
          return link;
        }
        return '';
      },
      { message: `a reset e-mail to ${email} in ${outbox}`, timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

test('reset by e-mailed link: new password works, old fails, every session ends, link works once', async ({ page, browser, request }, testInfo) => {
  const newContext = () => browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: DESKTOP });
  const u = newUser('reset');
  const newPassword = 'brand-new-pass-2';

  // Logged in in two browsers.
  await signUpViaApi(page, u);
  await visit(page, '/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const second = await newContext();
  const third = await newContext();
  try {
    const page2 = await second.newPage();
    await loginViaApi(page2, u.email, u.password);
    await page2.goto('/user/profile');
    await expect(page2.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    // In a third: forgot-password form, then the link from the e-mail.
    const page3 = await third.newPage();
    await visit(page3, '/user/profile/reset-password');
    await page3.getByLabel('E-mail', { exact: true }).fill(u.email);
    await page3.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page3, /reset link/i);
    const link = await readResetLink(u.email);
    expect(new URL(link).origin).toBe(new URL(testInfo.project.use.baseURL!).origin);

    await page3.goto(link);
    await expect(page3.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page3);
    await page3.getByLabel('New password', { exact: true }).fill(newPassword);
    await page3.getByRole('button', { name: 'Reset password' }).click();
    await expect(page3).toHaveURL(/\/login$/);
    await expectAccessible(page3);

    // The old password fails, the new one logs in through the form.
    expect((await api(request, 'POST', '/user/login', { email: u.email, password: u.password })).status).toBe(401);
    await fillLogin(page3, u.email, newPassword);
    await expect(page3).toHaveURL(/\/user\/dashboard$/);
    await expect(page3.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The two earlier sessions ended.
    for (const p of [page, page2]) {
      await p.reload();
      await expect(p).toHaveURL(/\/login\?next=%2Fuser%2Fprofile$/);
      expect((await api(p.request, 'GET', '/user/me')).status).toBe(401);
    }

    // The link a second time: an error toast, and the password stays the new one.
    const page4 = await (await newContext()).newPage();
    await page4.goto(link);
    await page4.getByLabel('New password', { exact: true }).fill('third-pass-333');
    await page4.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page4, /invalid or has expired/i);
    await expect(page4).toHaveURL(/\/reset-password\/[A-Za-z0-9_-]+$/);
    await expectAccessible(page4);
    expect((await api(request, 'POST', '/user/login', { email: u.email, password: 'third-pass-333' })).status).toBe(401);
    expect((await api(request, 'POST', '/user/login', { email: u.email, password: newPassword })).status).toBe(200);
    await page4.context().close();
  } finally {
    await second.close();
    await third.close();
  }
});
