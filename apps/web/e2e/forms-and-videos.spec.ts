// Forms mark the field at fault (aria-invalid, the message under it by aria-describedby, focus on it)
// (a message on a field is no toast as well); passwords have a Show/Hide button; a titled video shows its title; the reward
// countdown stops while the <video> element is paused; the admin dashboard's legend and zero-filled days.
import type { Locator } from '@playwright/test';
import { DESKTOP, SADMIN, api, expect, expectAccessible, expectOnField, expectToast, loginViaApi, newUser, recordClip, signUpViaApi, test } from './fixtures';

test.use({ viewport: DESKTOP });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The field is marked wrong with exactly this message, which its aria-describedby names. */
async function expectMarked(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

async function expectNotMarked(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

for (const theme of ['light', 'dark'] as const) {
  test(`login and sign-up mark the wrong field and focus it (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/login');
    const email = page.getByLabel('E-mail', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await email.fill('someone@e2e.test');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectOnField(page, 'Please fill all the details');
    await expectMarked(password, 'Please fill all the details');
    await expectNotMarked(email);
    await expect(password).toBeFocused();
    await expectAccessible(page);
    // Typing clears the mark.
    await password.fill('x');
    await expectNotMarked(password);

    await page.goto('/signup');
    const u = newUser('marks');
    await page.getByLabel('Full name', { exact: true }).fill(u.fullName);
    await page.getByLabel('Mobile number', { exact: true }).fill(u.phone);
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-address@');
    await page.getByLabel('Password', { exact: true }).fill(u.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectOnField(page, 'Invalid email id');
    await expectMarked(page.getByLabel('E-mail', { exact: true }), 'Invalid email id');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await expectNotMarked(page.getByLabel('Full name', { exact: true }));
    await expectAccessible(page);
  });
}

test('sign-up: an e-mail already taken is marked on the e-mail field (the server’s answer)', async ({ page }) => {
  const taken = newUser('taken');
  expect((await api(page.request, 'POST', '/user/register', taken)).status).toBe(201);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('Full name', { exact: true }).fill('Someone Else');
  await page.getByLabel('Mobile number', { exact: true }).fill('+971500009999');
  await page.getByLabel('E-mail', { exact: true }).fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectToast(page, 'An account with this e-mail already exists');
  await expectMarked(page.getByLabel('E-mail', { exact: true }), 'An account with this e-mail already exists');
  await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
});

test('a password field has a Show/Hide button, and the label still names only the field', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByLabel('Password')).toHaveCount(1);
  await password.fill('secret-words');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(password).toHaveAttribute('type', 'password');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  const hide = page.getByRole('button', { name: 'Hide password' });
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveValue('secret-words');
  await hide.press('Enter');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`withdraw and transfer mark the wrong field, from the schema and from the server (${theme})`, async ({ page, request }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const user = await signUpViaApi(page, newUser('fieldmarks'));
    expect((await api(request, 'POST', '/user/login', SADMIN)).status).toBe(200);
    expect((await api(request, 'POST', '/adpoint/addpoint', { email: user.email, points: 5 })).status).toBe(200);

    await page.goto('/user/withdraw');
    const amount = page.getByLabel('Amount (USDT)');
    const paymentId = page.getByLabel('Payout address');
    await amount.fill('2');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expectMarked(paymentId, 'Payout address is required');
    await expect(paymentId).toBeFocused();
    await expectNotMarked(amount);
    await expectAccessible(page);
    // More than the balance: the server refuses, and the amount is marked.
    await amount.fill('50');
    await paymentId.fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await expectNotMarked(paymentId);
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectOnField(page, 'Insufficient points');
    await expectMarked(amount, 'Insufficient points');
    await expect(amount).toBeFocused();

    await page.goto('/user/transfer');
    const recipient = page.getByLabel('Recipient e-mail');
    const points = page.getByLabel('Amount (USDT)');
    await recipient.fill('nobody-at-all');
    await points.fill('1');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectMarked(recipient, 'Invalid email id');
    await expect(recipient).toBeFocused();
    await expectNotMarked(points);
    await expectAccessible(page);
    // An unknown recipient is refused by the look-up, before any dialog.
    await recipient.fill(`nobody-${unique()}@e2e.test`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectMarked(recipient, 'No account with this e-mail');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(recipient).toBeFocused();
  });
}

test('a titled video shows its title; the countdown pauses while the video is paused and says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const clip = await recordClip(page, 9);
  expect(clip.length).toBeGreaterThan(1000);
  await page.route('https://media.e2e.test/**', (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: clip }));

  // The admin desk sets the title through the form.
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  await page.goto('/adminvideo');
  const title = `Market basics ${unique()}`;
  const link = `https://media.e2e.test/lesson-${unique()}.webm`;
  const form = page.locator('form').filter({ has: page.getByLabel('Video link') });
  await form.getByLabel('Title (optional)').fill(title);
  await form.getByLabel('Video link').fill(link);
  await form.getByLabel('Points').fill('0.5');
  await form.getByLabel('Time (minutes)').fill('0.05');
  await form.getByRole('button', { name: 'Add video' }).click();
  await expectToast(page, 'Video added successfully');
  await expect(page.getByTestId('admin-video-row').filter({ hasText: link })).toContainText(title);
  // A title with a zero-width space is refused, marked on the title field.
  await form.getByLabel('Title (optional)').fill('Free\u200bmoney');
  await form.getByLabel('Video link').fill(`https://media.e2e.test/other-${unique()}.webm`);
  await form.getByLabel('Points').fill('1');
  await form.getByLabel('Time (minutes)').fill('1');
  await form.getByRole('button', { name: 'Add video' }).click();
  const invisible = 'Title must not contain invisible or direction-control characters (line breaks, tabs, zero-width or bidi marks)';
  await expectMarked(form.getByLabel('Title (optional)'), invisible);
  await expect(form.getByLabel('Title (optional)')).toBeFocused();

  // A subscriber: the library card and the player heading carry the title, not the link or an id.
  await page.context().clearCookies();
  const user = await signUpViaApi(page, newUser('titled'));
  expect((await api(request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  expect((await api(request, 'POST', '/adpoint/addpoint', { email: user.email, points: 20 })).status).toBe(200);
  expect((await api(page.request, 'POST', '/subscription/activate-with-points')).status).toBe(200);
  await page.goto('/video');
  const card = page.getByTestId('video-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: `Watch ${title}` })).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const player = page.getByTestId('video-file-player');
  const progress = page.getByRole('progressbar', { name: 'Watch progress' });
  const paused = page.getByTestId('watch-paused');
  await expect(paused).toHaveAttribute('role', 'status');
  // It plays (muted autoplay): the countdown runs.
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 10_000 }).toBe(true);
  await expect(progress).toHaveAttribute('aria-valuenow', '1', { timeout: 5_000 });
  // Paused: the countdown stops and says so.
  await player.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(paused).toHaveText('Paused — the countdown continues when the video plays.');
  const held = await progress.getAttribute('aria-valuenow');
  await page.waitForTimeout(2_500);
  await expect(progress).toHaveAttribute('aria-valuenow', held!);
  expect(Number(held)).toBeLessThan(3);
  await expectAccessible(page);
  // Playing again: the countdown goes on to the reward.
  await player.evaluate((v: HTMLVideoElement) => v.play());
  await expect(paused).toHaveText('');
  await expect(progress).toHaveAttribute('aria-valuenow', '3', { timeout: 10_000 });
  await expect(page.getByTestId('watch-status')).toContainText('Reward earned', { timeout: 10_000 });
});

test('a YouTube embed that reports nothing (no YouTube here) keeps counting and says why', async ({ page, request }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
  expect((await api(request, 'POST', '/user/login', SADMIN)).status).toBe(200);
  const title = `Silent embed ${unique()}`;
  const created = await api(request, 'POST', '/video', { link: 'https://youtu.be/aBcDeFgHiJk', point: 1, time: 1, title });
  expect(created.status).toBe(201);
  const user = await signUpViaApi(page, newUser('silent'));
  expect((await api(request, 'POST', '/adpoint/addpoint', { email: user.email, points: 20 })).status).toBe(200);
  expect((await api(page.request, 'POST', '/subscription/activate-with-points')).status).toBe(200);
  await page.goto(`/video/${created.body.video._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('iframe')).toHaveAttribute('src', /enablejsapi=1/);
  await expect(page.getByTestId('watch-note')).toContainText('not reporting whether it plays');
  await expect(page.getByRole('progressbar', { name: 'Watch progress' })).toHaveAttribute('aria-valuenow', '2', { timeout: 5_000 });
  await expect(page.getByTestId('watch-paused')).toHaveText('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the admin dashboard: a legend saying what the amounts count, every day of the window (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loginViaApi(page, SADMIN.email, SADMIN.password);
    await page.goto('/admin/dashboard');
    const legends = page.getByTestId('chart-legend');
    await expect(legends).toHaveCount(2);
    await expect(legends.first()).toContainText('Deposits: claims submitted that day, pending and approved (credited) alike');
    await expect(legends.first()).toContainText('Withdrawals: requests submitted that day, pending and paid alike');
    await expect(legends.nth(1)).toContainText('staff (admins) are not counted');
    // 30 days, oldest first, zero-filled: the table below the charts has a row for each, quiet days at 0.
    await page.getByText('Show the daily figures as a table').click();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(31);
    const quiet = rows.filter({ has: page.getByRole('cell', { name: '0.00', exact: true }) }).filter({ has: page.getByRole('cell', { name: '0', exact: true }) });
    expect(await quiet.count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });
}
