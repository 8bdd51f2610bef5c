// The balance in view and the activity feed (docs/product.md#activity): a new user's dashboard leads to a first
// deposit; the balance is a number, hidden by the eye and still hidden after a reload; money arriving shows live
// (the balance and a feed line naming the sender, no reload); lines are grouped by day; a line's detail view holds
// the e-mail with a copy button; on phones the statement is the feed. At 360 and 1,280 px, English and Arabic,
// light and dark, axe clean and never wider than the screen.
import { api, expect, newUser, rewriteJson, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, pageAt, sadminRequest } from './app-feel';


const WORDS = {
  en: { first: 'Make your first deposit', added: 'Added by an admin', today: 'Today', yesterday: 'Yesterday' },
  ar: { first: 'قم بأول إيداع لك', added: 'أضافها مشرف', today: 'اليوم', yesterday: 'أمس' },
} as const;





for (const [width, lang, theme] of COMBOS) {
  test(`the balance in view and the activity feed (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const words = WORDS[lang];
    const boss = await sadminRequest(browser);
    const page = await pageAt(browser, width, theme, lang, { clipboard: true });
    const me = await signUpViaApi(page, newUser('feed'));
    if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);

    // A new user: the balance as a number, and the way to a first deposit instead of empty cards.
    await page.goto('/user/dashboard');
    const balance = page.getByTestId('dashboard-balance');
    await expect(balance).toHaveText('0.00');
    const first = page.getByTestId('first-deposit');
    await expect(first.getByRole('heading', { name: words.first })).toBeVisible();
    await expect(first.locator('a[href="/user/deposit"]')).toBeVisible();
    await expect(page.getByTestId('activity-line')).toHaveCount(0);
    await expect(page.getByTestId('pending-row')).toHaveCount(0);
    for (const href of ['/user/deposit', '/user/withdraw', '/user/transfer', '/user/statement']) {
      await expect(page.locator(`nav[aria-labelledby="dashboard-actions"] a[href="${href}"]`)).toBeInViewport();
    }
    await checkScreen(page, lang);

    // The eye hides the balance, and the choice outlives a reload; pressed again, the number is back.
    const eye = page.getByTestId('balance-eye');
    await eye.click();
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await expect(balance).toContainText('***');
    // The live stream connects once the page has shown (lib/page-shown.ts): money is sent only after it has.
    const stream = page.waitForResponse((res) => res.url().endsWith('/api/v1/notifications/stream') && res.status() === 200);
    await page.reload();
    await expect(page.getByTestId('balance-eye')).toHaveAttribute('aria-pressed', 'true');
    await expect(balance).toContainText('***');
    await expect(balance).not.toContainText('0.00');
    await page.getByTestId('balance-eye').click();
    await expect(balance).toHaveText('0.00');

    // Money arrives while the page is open: the balance and the feed follow without a reload.
    await stream;
    expect((await api(boss, 'POST', '/adpoint/addpoint', { email: me.email, points: 50 })).status).toBe(200);
    await expect(balance).toHaveText('50.00');
    await expect(first).toHaveCount(0);
    const lines = page.getByTestId('activity-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByTestId('activity-title')).toHaveText(words.added);

    const senderPage = await pageAt(browser, width, theme, lang, { clipboard: true });
    const sender = newUser('feedsender');
    sender.fullName = `Sara Sender ${Date.now().toString(36)}`;
    await signUpViaApi(senderPage, sender);
    expect((await api(boss, 'POST', '/adpoint/addpoint', { email: sender.email, points: 20 })).status).toBe(200);
    expect((await api(senderPage.request, 'POST', '/point/transfer', { recipientEmail: me.email, points: 12.5 })).status).toBe(200);
    await senderPage.context().close();
    await expect(balance).toHaveText('62.50');
    await expect(lines).toHaveCount(2);
    const transfer = lines.first();
    // The sender by name, never by e-mail, on the line; the amount signed at its end.
    await expect(transfer.getByTestId('activity-title')).toHaveText(sender.fullName);
    await expect(transfer).not.toContainText(sender.email);
    await expect(transfer.getByTestId('activity-amount')).toHaveText('+12.50 USDT');
    await expect(page.getByTestId('activity-day')).toHaveCount(1);
    await expect(page.getByTestId('activity-day').getByRole('heading')).toHaveText(words.today);

    // The detail view: the e-mail, with a copy button that copies it.
    await transfer.getByRole('button', { expanded: false }).click();
    const detail = transfer.getByTestId('activity-detail');
    await expect(detail).toContainText(sender.email);
    await expect(detail).toContainText('62.50');
    await detail.getByRole('button', { name: new RegExp(sender.email.replace(/[.+]/g, '\\$&')) }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sender.email);
    await checkScreen(page, lang);

    // Grouped by day: the oldest movement, as if made yesterday, opens a group of its own under "Yesterday". The
    // server's times are real, so the answer is shifted in flight (the grouping is the client's).
    const statementCall = /\/api\/v1\/user\/statement\?/;
    await rewriteJson(page, statementCall, (body) => {
      body.entries[body.entries.length - 1].createdAt = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    });
    await page.reload();
    const days = page.getByTestId('activity-day');
    await expect(days).toHaveCount(2);
    await expect(days.getByRole('heading')).toHaveText([words.today, words.yesterday]);
    await expect(days.nth(0).getByTestId('activity-line')).toHaveCount(1);
    await expect(days.nth(1).getByTestId('activity-title')).toHaveText(words.added);
    await page.unroute(statementCall);

    // The statement: the feed on phones, the table on desks.
    await page.goto('/user/statement');
    if (width < 768) {
      await expect(page.getByTestId('activity-line')).toHaveCount(2);
      await expect(page.getByTestId('activity-title').first()).toHaveText(sender.fullName);
      await expect(page.getByTestId('statement-row').first()).toBeHidden();
    } else {
      await expect(page.getByTestId('statement-row')).toHaveCount(2);
      await expect(page.getByTestId('activity-line').first()).toBeHidden();
    }
    await checkScreen(page, lang);
    await page.context().close();
  });
}
