// Journeys for videos (docs/product.md#routes, #behaviour, #validation, #messages): the admin adds, edits and deletes videos; a subscriber watches
// one for its time and is paid once a day; a user without a subscription is invited to subscribe.
import type { Page } from '@playwright/test';
import { DESKTOP, SADMIN, api, expect, expectAccessible, expectOnField, expectToast, loginViaApi, recordClip, signUpViaApi, test, visit } from './fixtures';

test.use({ viewport: DESKTOP });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Presses the profile's refresh button and returns the balance shown (e.g. "21.25"). */
async function revealedBalance(page: Page): Promise<string> {
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText('***');
  await page.getByTestId('reveal-balance').click();
  await expect(balance).not.toHaveText('***');
  return (await balance.textContent()) ?? '';
}

test('the admin adds, edits and deletes videos on /adminvideo', async ({ page }) => {
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await visit(page, '/adminvideo');
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Add Video' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add video' });
  const rows = page.getByTestId('admin-video-row');
  const rowOf = (link: string) => rows.filter({ hasText: link });

  // The contract's message for a missing field, before anything is sent.
  await form.getByRole('button', { name: 'Add video' }).click();
  await expectOnField(page, 'Please fill all the fields');

  // Add.
  const first = `https://example.com/clip-${unique()}.mp4`;
  await form.getByLabel('Video link').fill(first);
  await form.getByLabel('Points').fill('1.25');
  await form.getByLabel('Time (minutes)').fill('0.05');
  await form.getByRole('button', { name: 'Add video' }).click();
  await expectToast(page, 'Video added successfully');
  await expect(rowOf(first)).toHaveCount(1);
  await expect(rowOf(first).getByTestId('admin-video-points')).toHaveText('1.25');
  await expect(rowOf(first).getByTestId('admin-video-time')).toHaveText('0:03');
  // A direct file gets the drawn placeholder, not a network thumbnail.
  await expect(rowOf(first).getByTestId('video-placeholder')).toBeVisible();
  await expect(form.getByLabel('Video link')).toHaveValue('');
  await expectAccessible(page);

  // Edit: the form is filled with the video, points become 1.50.
  await rowOf(first).getByRole('button', { name: /^Edit/ }).click();
  const editForm = page.getByRole('form', { name: 'Edit video' });
  await expect(editForm.getByLabel('Video link')).toHaveValue(first);
  await expect(editForm.getByLabel('Points')).toHaveValue('1.25');
  await expect(editForm.getByLabel('Time (minutes)')).toHaveValue('0.05');
  await expectAccessible(page);
  await editForm.getByLabel('Points').fill('1.5');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Video updated successfully');
  await expect(rowOf(first).getByTestId('admin-video-points')).toHaveText('1.50');
  await expect(page.getByRole('form', { name: 'Add video' })).toBeVisible();

  // A second video, then deleted after the confirmation.
  const second = `https://example.com/second-${unique()}.webm`;
  await form.getByLabel('Video link').fill(second);
  await form.getByLabel('Points').fill('2');
  await form.getByLabel('Time (minutes)').fill('1');
  await form.getByRole('button', { name: 'Add video' }).click();
  await expectToast(page, 'Video added successfully');
  await expect(rowOf(second)).toHaveCount(1);
  await expect(rowOf(second).getByTestId('admin-video-time')).toHaveText('1:00');

  // Cancelling keeps it.
  await rowOf(second).getByRole('button', { name: /^Delete/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete this video?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(second)).toHaveCount(1);

  await rowOf(second).getByRole('button', { name: /^Delete/ }).click();
  dialog = page.getByRole('dialog', { name: 'Delete this video?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Video deleted successfully');
  await expect(rowOf(second)).toHaveCount(0);
  await expect(rowOf(first)).toHaveCount(1);

  // The list is the server's: a reload shows the same.
  await page.reload();
  await expect(rowOf(first).getByTestId('admin-video-points')).toHaveText('1.50');
  await expect(rowOf(second)).toHaveCount(0);
  await expectAccessible(page);
});

test('a subscriber watches a video for its time and is paid once a day', async ({ page, request }) => {
  // The SADMIN (in its own request context) adds a 3-second video and gives the user 20 points.
  expect((await api(request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  const link = `https://example.com/reward-${unique()}.mp4`;
  const created = await api(request, 'POST', '/video', { link, point: 1.25, time: 0.05 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const videoId = created.body.video._id as string;
  const youTube = await api(request, 'POST', '/video', { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 2, time: 10 });
  expect(youTube.status, JSON.stringify(youTube.body)).toBe(201);
  const youTubeVideoId = youTube.body.video._id as string;

  const user = await signUpViaApi(page);
  const credited = await api(request, 'POST', '/adpoint/addpoint', { email: user.email, points: 20 });
  expect(credited.status, JSON.stringify(credited.body)).toBe(200);
  const activated = await api(page.request, 'POST', '/subscription/activate-with-points');
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);

  const before = await revealedBalance(page);
  expect(Number(before)).toBeGreaterThanOrEqual(12);

  const awardRequests: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/video/add-point')) awardRequests.push(req.url());
  });

  // Offline: YouTube's thumbnail host and embed answer from here (a 1×1 PNG and an empty page).
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );

  // The file video plays for real: a clip recorded in the browser is served for its link (no network here). The
  // countdown runs only while the <video> element plays.
  const clip = await recordClip(page, 8);
  await page.route(link, (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: clip }));

  // The library: a card with its points and minutes, linking to the player.
  await visit(page, '/video');
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Video', exact: true })).toBeVisible();
  const card = page.getByTestId('video-card').filter({ hasText: link.split('/').pop()! });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('1.25 points');
  await expect(card).toContainText('0:03');
  await expect(card.getByTestId('video-placeholder')).toBeVisible();

  // A YouTube video: its hqdefault thumbnail on the card, and the privacy-enhanced embed, muted and autoplaying.
  // Newest first: ours is the first card of this id (a repeated run adds another).
  // Untitled, it is named for its kind and day, never by YouTube's raw id.
  const youTubeCard = page
    .getByTestId('video-card')
    .filter({ has: page.locator('img[src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"]') })
    .first();
  await expect(youTubeCard.getByRole('link')).toHaveAccessibleName(/^Watch YouTube video added /);
  await expect(youTubeCard.locator('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  await expect(youTubeCard.getByTestId('video-placeholder')).toHaveCount(0);
  await youTubeCard.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/video/${youTubeVideoId}$`));
  const frame = page.locator('iframe');
  // enablejsapi: the player reports its state over the IFrame API's messages (the countdown follows it).
  await expect(frame).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1&enablejsapi=1&origin=${encodeURIComponent(new URL(page.url()).origin)}`,
  );
  await expect(frame).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
  await expect(frame).toHaveAttribute('title', /Video player/);
  await expect(page.getByRole('progressbar', { name: 'Watch progress' })).toHaveAttribute('aria-valuemax', '600');
  await page.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL(/\/video$/);

  // The player: muted autoplaying <video>, a progress bar filling to 3 s, then one reward.
  // The success toast lasts 2 s: watch for it from the start, whatever the scan below costs.
  const rewardToast = page.getByRole('status').filter({ hasText: 'You earned 1.25 points' }).first();
  await card.getByRole('link').click();
  const rewardShown = rewardToast.waitFor({ state: 'visible', timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/video/${videoId}$`));
  const player = page.getByTestId('video-file-player');
  await expect(player).toHaveAttribute('src', link);
  expect(await player.evaluate((v: HTMLVideoElement) => v.muted && v.autoplay && v.controls)).toBe(true);
  const progress = page.getByRole('progressbar', { name: 'Watch progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', '3');
  await expect(page.getByText(/\d s left until your reward/)).toBeVisible();
  await expectAccessible(page);
  await expect(progress).toHaveAttribute('aria-valuenow', '3', { timeout: 8_000 });
  await rewardShown;
  await expect(page.getByTestId('watch-status')).toContainText('Reward earned: You earned 1.25 points');
  // Still exactly one request (so one toast) a moment later.
  await page.waitForTimeout(1_500);
  expect(awardRequests).toHaveLength(1);

  const after = await revealedBalance(page);
  expect(Number(after)).toBeCloseTo(Number(before) + 1.25, 2);

  // The same video again today: after its time the server refuses, and the balance stays.
  await page.goto(`/video/${videoId}`);
  const refusalShown = page
    .getByRole('status')
    .filter({ hasText: 'You have already earned the points for this video today' })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Watch progress' })).toHaveAttribute('aria-valuenow', '3', { timeout: 8_000 });
  await refusalShown;
  await expect(page.getByTestId('watch-status')).toHaveText('You have already earned the points for this video today');
  await expectAccessible(page);
  expect(awardRequests).toHaveLength(2);
  expect(await revealedBalance(page)).toBe(after);
});

test('a user without a subscription is invited to subscribe on /video and /video/{id}, not denied', async ({ page }) => {
  await signUpViaApi(page);
  for (const path of ['/video', '/video/00000000-0000-4000-8000-000000000000']) {
    await page.goto(path);
    await expect(page.getByTestId('video-invitation')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toHaveCount(0);
    await expectAccessible(page);
  }
  await expect(page.locator('nav#side-menu').getByRole('link', { name: 'Video', exact: true })).toHaveCount(0);
});
