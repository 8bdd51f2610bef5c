// Shared journey helpers: an axe scan of each page visited, API log-in shortcuts, known accounts.
import { createHash, randomBytes } from 'node:crypto';
import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const SADMIN = { email: 'sadmin@e2e.test', password: 'sadmin-password-1' };
export const DEPOSIT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A fresh Tron address (base58check of 0x41 + 20 random bytes): what a withdrawal's paymentId must be. */
export function tronAddress(): string {
  const body = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest();
  let n = BigInt(`0x${Buffer.concat([body, sha(sha(body)).subarray(0, 4)]).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

let seq = 0;
export function newUser(prefix = 'user') {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { fullName: `Test ${prefix} ${n}`, email: `${prefix}${n}@e2e.test`, phone: '+971500001234', password: 'journey-pass-1' };
}

/**
 * Waits until no finite animation runs (toast entry and exit, panel transitions) and no live region sits between
 * transparent and opaque, for 400 ms: a toast caught mid-fade has its text at part opacity, which axe reads as low
 * contrast. Endless animations (spinners) are left alone. 400 ms because a new toast waits one frame at opacity 0 to
 * be measured before its entry animation starts. Up to 15 s: after several actions in a row, toasts enter and leave
 * for a while. Then it starts watching for motion, which `movedSinceSettled` reports.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => delete (window as unknown as { __e2eSettledSince?: number }).__e2eSettledSince).catch(() => {});
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __e2eSettledSince?: number };
        const animating = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        const partOpaque = [...document.querySelectorAll('[role="status"], [role="alert"]')].some((el) => {
          let o = 1;
          for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
          return o > 0 && o < 1;
        });
        if (animating || partOpaque) {
          w.__e2eSettledSince = undefined;
          return false;
        }
        w.__e2eSettledSince ??= performance.now();
        return performance.now() - w.__e2eSettledSince >= 400;
      },
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => {});
  await page
    .evaluate(() => {
      const w = window as unknown as { __e2eMoved?: boolean; __e2eWatching?: boolean };
      w.__e2eMoved = false;
      if (w.__e2eWatching) return;
      w.__e2eWatching = true;
      const moved = (e: Event) => {
        if (e.type !== 'animationstart' || getComputedStyle(e.target as Element).animationIterationCount !== 'infinite') w.__e2eMoved = true;
      };
      for (const type of ['animationstart', 'transitionstart']) document.addEventListener(type, moved, true);
    })
    .catch(() => {});
}

/** Whether a finite animation started, or runs, since `settle` returned (a page that navigated away counts as moved). */
async function movedSinceSettled(page: Page): Promise<boolean> {
  return page
    .evaluate(() => {
      const w = window as unknown as { __e2eMoved?: boolean };
      const animating = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      return w.__e2eMoved !== false || animating;
    })
    .catch(() => true);
}

/**
 * axe: no serious or critical violation on the page as it is now. The scan runs on a settled page; axe yields while
 * it runs, so a toast whose time is up may start its exit in the middle of it (seen on a loaded CI host: a toast's
 * text caught mid-fade, read as low contrast). A scan during which anything began to move is not a reading of the
 * page at rest: the page settles again and is scanned again, up to three times; the last scan counts whatever it is.
 */
export async function expectAccessible(page: Page) {
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  for (let scan = 1; ; scan++) {
    await settle(page);
    results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    if (scan === 3 || !(await movedSinceSettled(page))) break;
  }
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}) on ${page.url()}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
  ).toEqual([]);
}

/**
 * Rewrites the JSON answer of each call matching `url` in flight (`edit` changes the parsed body in place). A call
 * the page left behind by navigating on is let go: Playwright disposes of its response, and nothing waits for it.
 */
export async function rewriteJson(page: Page, url: string | RegExp, edit: (body: any) => void) {
  await page.route(url, async (route) => {
    const answer = await route
      .fetch()
      .then(async (res) => ({ res, body: await res.json() }))
      .catch(() => null);
    if (!answer) return;
    edit(answer.body);
    await route.fulfill({ response: answer.res, json: answer.body });
  });
}

/** Goes to a path and scans it. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await expectAccessible(page);
}

/** Calls the API the way the web client does (XSRF cookie echoed in the header), sharing the page's cookies. */
export async function api(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  let state = await request.storageState();
  let xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await request.get('/api/v1/health');
    state = await request.storageState();
    xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { 'X-XSRF-TOKEN': xsrf ?? '' } });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

/** Logs the page in through the UI's own API (cookies land in the browser context), then loads the profile. */
export async function loginViaApi(page: Page, email: string, password: string) {
  const res = await api(page.request, 'POST', '/user/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await page.goto('/');
  await page.evaluate((user) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('role', user.role);
    localStorage.setItem('data', JSON.stringify(user));
  }, res.body.user);
  return res.body.user as { _id: string; email: string; role: string };
}

export async function signUpViaApi(page: Page, user = newUser()) {
  const res = await api(page.request, 'POST', '/user/register', user);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('role', u.role);
    localStorage.setItem('data', JSON.stringify(u));
  }, res.body.user);
  return { ...user, _id: res.body.user._id as string, referralCode: res.body.user.referralCode as string };
}

export const test = base;
export { expect };

/** A react-hot-toast (role="status") carrying this text is on screen. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * A form's message shown where it belongs (docs/product.md#toasts): under a field marked invalid, and in no toast.
 */
export async function expectOnField(page: Page, text: string | RegExp) {
  await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
  await expect(page.locator('main').getByText(text).first()).toBeVisible();
  await expect(page.locator('[data-rht-toaster]').getByText(text)).toHaveCount(0);
}

/** Fills and submits the sign-up form on the current page. */
export async function fillSignup(page: Page, u: { fullName: string; phone: string; email: string; password: string; refer?: string }) {
  await page.getByLabel('Full name', { exact: true }).fill(u.fullName);
  await page.getByLabel('Mobile number', { exact: true }).fill(u.phone);
  await page.getByLabel('E-mail', { exact: true }).fill(u.email);
  if (u.refer !== undefined) await page.getByLabel('Referral e-mail (optional)').fill(u.refer);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Fills and submits the login form on the current page. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Desktop size: the side menu (nav#side-menu) is always shown, not behind "Open menu". */
export const DESKTOP = { width: 1280, height: 800 };

/** A few seconds of real WebM video, recorded from a canvas in the browser (the machine has no video files). */
export async function recordClip(page: Page, seconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const g = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    let frame = 0;
    const paint = () => {
      g.fillStyle = `hsl(${(frame++ * 15) % 360} 70% 50%)`;
      g.fillRect(0, 0, 64, 36);
    };
    paint();
    const timer = setInterval(paint, 100);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(250);
    await new Promise((resolve) => setTimeout(resolve, ms));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}
