// First steps with videos (docs/product.md#videos-for-non-subscribers): a user without a subscription who opens the
// library is invited to subscribe, with the price and their balance; once subscribed, the library reads durations
// as a clock (0:03) and marks the video watched today with what it earned. At 360 and 1,280 px, English and
// Arabic, light and dark, axe-clean and never wider than the screen.
import { randomBytes } from 'node:crypto';
import { SADMIN, api, expect, newUser, signUpViaApi, test } from './fixtures';
import { COMBOS, checkScreen, pageAt, speak } from './app-feel';

for (const [width, lang, theme] of COMBOS) {
  test(`a non-subscriber is invited; a subscriber's library marks what was watched and earned (${width} px, ${lang}, ${theme})`, async ({ browser }) => {
    const admin = await browser.newContext();
    expect((await api(admin.request, 'POST', '/user/login', SADMIN)).status).toBe(200);
    const title = `Clip ${randomBytes(3).toString('hex')}`;
    // 0.05 min: 3 s to watch, paid from 1 s after opening (time × 60 − 2 s on the server).
    const created = await api(admin.request, 'POST', '/video', { link: `https://example.com/${title.replace(' ', '-')}.mp4`, title, point: 1.25, time: 0.05 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const videoId = created.body.video._id as string;
    const config = (await api(admin.request, 'GET', '/config')).body as { subscriptionPrice: number };

    const page = await pageAt(browser, width, theme, lang);
    const me = await signUpViaApi(page, newUser('invite'));
    await speak(page, lang);

    // No subscription: the library and a player invite, with the price and the balance; nothing is denied.
    for (const path of ['/video', `/video/${videoId}`]) {
      await page.goto(path);
      const invitation = page.getByTestId('video-invitation');
      await expect(invitation).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('invitation-price')).toHaveText(`${Number(config.subscriptionPrice).toFixed(2)} USDT`);
      await expect(page.getByTestId('invitation-balance')).toHaveText('0.00 USDT');
      await expect(page.getByTestId('invitation-short')).toBeVisible();
      await expect(invitation.getByRole('link').first()).toHaveAttribute('href', '/user/profile');
      await checkScreen(page, lang);
    }

    // Funded and subscribed, the library opens; the video is watched through the API (its server clock) and paid.
    expect((await api(admin.request, 'POST', '/adpoint/addpoint', { email: me.email, points: 20 })).status).toBe(200);
    const activated = await api(page.request, 'POST', '/subscription/activate-with-points');
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await page.goto('/video');
    const card = page.getByTestId('video-card').filter({ hasText: title });
    await expect(card.getByTestId('video-duration')).toContainText('0:03');
    await expect(card.getByTestId('video-earned')).toHaveCount(0);
    await expect(card.getByTestId('video-watched')).toHaveCount(0);

    expect((await api(page.request, 'GET', `/video/${videoId}`)).status).toBe(200);
    await page.reload();
    await expect(card.getByTestId('video-watched')).toBeVisible();
    await expect(async () => {
      const paid = await api(page.request, 'POST', '/video/add-point', { videoId });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }).toPass();
    await page.reload();
    await expect(card.getByTestId('video-earned')).toContainText('1.25 USDT');
    await expect(card.getByTestId('video-watched')).toHaveCount(0);
    await checkScreen(page, lang);
    await page.context().close();
    await admin.close();
  });
}
