// The phone-and-desk sweep (docs/product.md#web-client): every route every role can reach, at 360, 390, 768 (Tailwind's `md`, the
// narrowest desk, without the side menu), 1,280 and 1,920 px, in both themes, with long values seeded (60-character
// names and e-mails, 64-character hashes, a long payout address, 7-digit amounts). A page may never be wider than
// the screen, every primary action (`data-primary-action`: primary buttons, row actions) must lie inside the
// viewport after scrolling vertically only, and no table may scroll sideways inside its box (it turns into cards
// instead).
// One page per role: the theme is set in local storage once per theme, each route is loaded once per theme,
// and the widths are tried by resizing that page (no new contexts, no reloads).
import { randomBytes } from 'node:crypto';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { SADMIN, api, newUser, tronAddress } from './fixtures';
import { ARTICLE_SLUGS } from '../src/features/marketing/article-slugs';

/** Who may open a route: a role reaches its own level and every level before it. */
type Access = 'public' | 'user' | 'subscriber' | 'admin' | 'sadmin';
type Role = 'anonymous' | 'USER' | 'ADMIN' | 'SADMIN';

interface Seed {
  videoId: string;
  referralCode: string;
  ticketId: string;
  userId: string;
}

export interface SweepRoute {
  path: string | ((seed: Seed) => string);
  access: Access;
}

/** Every route of app/router.tsx and app/area-routes.tsx; a new page adds its line here. */
export const SWEEP_ROUTES: SweepRoute[] = [
  { path: '/', access: 'public' },
  { path: '/about', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/denied', access: 'public' },
  { path: '/allpackage', access: 'public' },
  { path: '/blog', access: 'public' },
  ...ARTICLE_SLUGS.map((slug): SweepRoute => ({ path: `/blog/${slug}`, access: 'public' })),
  { path: '/signup', access: 'public' },
  { path: (s) => `/signup/${s.referralCode}`, access: 'public' },
  { path: '/login', access: 'public' },
  { path: '/user/profile/reset-password', access: 'public' },
  { path: '/user/profile/reset-password/not-a-real-token', access: 'public' },
  { path: '/no-such-page', access: 'public' },
  { path: '/user/dashboard', access: 'user' },
  { path: '/user/profile', access: 'user' },
  { path: '/user/profile/change-password', access: 'user' },
  { path: '/user/security', access: 'user' },
  { path: '/user/transfer', access: 'user' },
  { path: '/user/deposit', access: 'user' },
  { path: '/user/package', access: 'user' },
  { path: '/user/withdraw', access: 'user' },
  { path: '/user/history', access: 'user' },
  { path: '/user/statement', access: 'user' },
  { path: '/user/referrals', access: 'user' },
  { path: '/user/notifications', access: 'user' },
  { path: '/user/support', access: 'user' },
  { path: '/user/verification', access: 'user' },
  // The seeded user's ticket (another role gets the page's "not found" state: a ticket is its owner's only).
  { path: (s) => `/user/support/${s.ticketId}`, access: 'user' },
  { path: '/video', access: 'subscriber' },
  { path: (s) => `/video/${s.videoId}`, access: 'subscriber' },
  { path: '/allusers', access: 'admin' },
  { path: (s) => `/admin/users/${s.userId}`, access: 'admin' },
  { path: '/admin/dashboard', access: 'admin' },
  { path: '/adminvideo', access: 'admin' },
  { path: '/admin/withdraw', access: 'admin' },
  { path: '/admin/deposit', access: 'admin' },
  { path: '/admin/deposit-addresses', access: 'admin' },
  { path: '/admin/subscription-codes', access: 'admin' },
  { path: '/admin/announcements', access: 'admin' },
  { path: '/admin/support', access: 'admin' },
  { path: '/admin/kyc', access: 'admin' },
  { path: (s) => `/admin/support/${s.ticketId}`, access: 'admin' },
  { path: '/admin/audit', access: 'sadmin' },
  { path: '/admin/settings', access: 'sadmin' },
  { path: '/admin/kyc-form', access: 'sadmin' },
];

const REACH: Record<Role, Access[]> = {
  anonymous: ['public'],
  USER: ['public', 'user', 'subscriber'],
  ADMIN: ['public', 'user', 'subscriber', 'admin'],
  SADMIN: ['public', 'user', 'subscriber', 'admin', 'sadmin'],
};

export const SWEEP_WIDTHS = [360, 390, 768, 1280, 1920] as const;
const THEMES = ['light', 'dark'] as const;
const HEIGHT = 800;

/** Exactly `length` characters: `start` padded with letters. */
const padded = (start: string, length: number) => (start + 'abcdefghijklmnopqrstuvwxyz'.repeat(4)).slice(0, length);
const hex64 = () => randomBytes(32).toString('hex');

/** A user with a 60-character name and a 60-character e-mail. */
function longUser(tag: string) {
  const base = newUser(tag);
  const local = padded(`${tag}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`, 60 - '@e2e.test'.length);
  return { ...base, fullName: padded(`Maximiliana ${tag} Wolfeschlegelsteinhausenberger `, 60), email: `${local}@e2e.test` };
}

async function signedInPage(login: () => Promise<{ page: Page; user: { _id: string; role: string } }>) {
  const { page, user } = await login();
  await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('role', u.role);
    localStorage.setItem('data', JSON.stringify(u));
  }, user);
  return page;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: SWEEP_WIDTHS[0], height: HEIGHT } });
  return context.newPage();
}

async function ok(res: Promise<{ status: number; body: { message?: string } | null }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body as Record<string, any>;
}

/** Seeds the long values through the API and returns one signed-in page per role. */
async function seed(browser: Browser) {
  const admin = await newPage(browser);
  await ok(api(admin.request, 'POST', '/user/login', SADMIN));

  const register = async (u: ReturnType<typeof longUser> & { refer?: string }) => {
    const page = await newPage(browser);
    const body = await ok(api(page.request, 'POST', '/user/register', u));
    return { page, user: body.user as { _id: string; role: string; referralCode: string } };
  };
  const holder = longUser('sweepuser');
  const other = longUser('sweepother');
  const staff = longUser('sweepadmin');
  const user = await register(holder);
  // Referred by the first: its team page and the users desk's Referrer column show 60-character values too.
  const recipient = await register({ ...other, refer: holder.email });
  const adminUser = await register({ ...staff, refer: holder.email });
  await ok(api(admin.request, 'PUT', `/user/${adminUser.user._id}/update-role`, { role: 'ADMIN' }));

  // 7-digit amounts (one operation is at most 1,000,000.00; the balance grows past it): admin additions, then the
  // subscription paid from them.
  for (const points of [1000000, 999999.99, 987654.32]) {
    await ok(api(admin.request, 'POST', '/adpoint/addpoint', { email: holder.email, points }));
  }
  await ok(api(user.page.request, 'POST', '/subscription/activate-with-points'));
  // Deposits with 64-character hashes: one approved, one pending.
  const approved = await ok(api(user.page.request, 'POST', '/deposit/deposit', { amount: 1000000, transactionId: hex64() }));
  await ok(api(admin.request, 'POST', `/deposit/deposit/${approved.deposit._id}`));
  await ok(api(user.page.request, 'POST', '/deposit/deposit', { amount: 999999.99, transactionId: hex64() }));
  // A withdrawal to a long address, and a transfer to the other long-named user.
  await ok(api(user.page.request, 'POST', '/withdraw', { amount: 999999.99, paymentId: tronAddress() }));
  await ok(api(user.page.request, 'POST', '/point/transfer', { recipientEmail: other.email, points: 1000000 }));
  const video = await ok(api(admin.request, 'POST', '/video', { link: `https://example.com/sweep-${hex64()}.mp4`, point: 1000000, time: 1 }));
  // A support ticket with a 150-character subject, a long message and a file, about the approved deposit; an
  // answer and an internal note on the desk.
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)]).toString('base64');
  const ticket = await ok(
    api(user.page.request, 'POST', '/support/tickets', {
      subject: padded('My deposit is not credited yet although I paid it ', 150),
      category: 'deposit',
      message: `I paid, here is the transaction ${hex64()} and a screenshot.\n${'Long message. '.repeat(60)}`,
      about: { kind: 'deposit', id: approved.deposit._id },
      attachments: [{ name: `${padded('screenshot-of-the-payment-', 60)}.png`, data: png }],
    }),
  );
  await ok(api(admin.request, 'POST', `/admin/support/tickets/${ticket.ticket._id}/messages`, { message: `Checked ${hex64()}`, internal: true }));
  await ok(api(admin.request, 'POST', `/admin/support/tickets/${ticket.ticket._id}/messages`, { message: 'We are looking into it.' }));
  await recipient.page.context().close();

  const pages: Record<Role, Page> = {
    anonymous: await newPage(browser),
    USER: await signedInPage(async () => user),
    ADMIN: await signedInPage(async () => {
      const page = await newPage(browser);
      const body = await ok(api(page.request, 'POST', '/user/login', { email: staff.email, password: staff.password }));
      await adminUser.page.context().close();
      return { page, user: body.user };
    }),
    SADMIN: await signedInPage(async () => {
      const me = await ok(api(admin.request, 'GET', '/user/me'));
      return { page: admin, user: me.user };
    }),
  };
  return { pages, seed: { videoId: video.video._id as string, referralCode: user.user.referralCode, ticketId: ticket.ticket._id as string, userId: user.user._id as string } satisfies Seed };
}

/** Waits until the page's own requests are done and, for 100 ms, no list says "Loading…" or is busy. */
async function settled(page: Page, inFlight: Set<unknown>) {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    while (inFlight.size > 0 && Date.now() < deadline) await page.waitForTimeout(20);
    // In the page: one round trip instead of polling from here.
    await page.evaluate(
      (until) =>
        new Promise<void>((done) => {
          let quietSince = performance.now();
          const tick = () => {
            const busy =
              document.querySelector('[aria-busy="true"]') !== null ||
              [...document.querySelectorAll('[role="status"]')].some((el) => /^Loading/.test(el.textContent?.trim() ?? ''));
            if (busy) quietSince = performance.now();
            if (performance.now() - quietSince >= 100 || Date.now() > until) done();
            else setTimeout(tick, 20);
          };
          tick();
        }),
      deadline,
    );
    if (inFlight.size === 0) return;
  }
}

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  offscreen: string[];
  widest: string[];
  /** Table boxes (`DataTable`'s focusable region) whose table is wider than the box, so it scrolls sideways. */
  scrolled: string[];
}

/** The page's width, and the primary actions that are not wholly inside the viewport after a vertical scroll. */
async function measure(): Promise<Measure> {
  // Two frames: the layout after a resize has been painted.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const innerWidth = window.innerWidth;
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
  };
  const offscreen: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('[data-primary-action]')) {
    if (!el.checkVisibility({ visibilityProperty: true }) || el.getClientRects().length === 0) continue;
    const before = el.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + before.top - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    let left = 0;
    let right = innerWidth;
    // Clipped by a scrolling ancestor (a table wrapper scrolled sideways) counts as off-screen too.
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      if (overflow !== 'visible') {
        const ar = a.getBoundingClientRect();
        left = Math.max(left, ar.left);
        right = Math.min(right, ar.right);
      }
    }
    if (r.left < left - 0.5 || r.right > right + 0.5) offscreen.push(`${describe(el)} at ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  window.scrollTo(0, 0);
  const scrollWidth = document.documentElement.scrollWidth;
  const widest: string[] = [];
  if (scrollWidth > innerWidth) {
    // The innermost elements that reach past the right edge: what to fix.
    const past = [...document.querySelectorAll('main *, header *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5);
    for (const el of past.filter((el) => !past.some((other) => other !== el && el.contains(other))).slice(0, 3)) {
      widest.push(`${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
    }
  }
  // A table is laid out as cards until its box is wide enough (a container query), so no box needs a sideways scroll.
  const scrolled = [...document.querySelectorAll<HTMLElement>('[role="region"]:has(> table)')]
    .filter((box) => box.checkVisibility() && box.scrollWidth > box.clientWidth + 1)
    .map((box) => `${describe(box)} ${box.scrollWidth}px in ${box.clientWidth}px`);
  return { scrollWidth, innerWidth, offscreen, widest, scrolled };
}

test('no page is wider than the screen and primary actions stay on screen, for every role, width and theme', async ({ browser, baseURL }) => {
  test.setTimeout(900_000);
  const started = Date.now();
  const { pages, seed: seeded } = await seed(browser);
  const failures: string[] = [];
  const widths: Record<string, number> = {};
  let checks = 0;

  const sweepRole = async (role: Role) => {
    const page = pages[role];
    const origin = new URL(baseURL ?? '').origin;
    const inFlight = new Set<unknown>();
    page.on('request', (r) => {
      // The notification bell's event stream stays open while signed in: waiting for it only ran into the deadline.
      if (r.url().startsWith(origin) && r.resourceType() !== 'eventsource') inFlight.add(r);
    });
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    const routes = SWEEP_ROUTES.filter((r) => REACH[role].includes(r.access)).map((r) => (typeof r.path === 'string' ? r.path : r.path(seeded)));

    // Starts in the light theme, saved in local storage as a returning visitor has it (public/theme-init.js).
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    let theme: (typeof THEMES)[number] = 'light';
    let widthOrder: number[] = [...SWEEP_WIDTHS];
    for (const path of routes) {
      const routeStarted = Date.now();
      // An in-app navigation (what the router does on a link), not a reload: the sweep stays fast.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await settled(page, inFlight);
      const loadedIn = Date.now() - routeStarted;
      // Both themes through the top bar's switch, every width in each; the widths run there and back, so the
      // page is resized as few times as possible.
      for (let pass = 0; pass < THEMES.length; pass++) {
        if (pass > 0) {
          await page.getByTestId('theme-toggle').click();
          theme = theme === 'light' ? 'dark' : 'light';
        }
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        for (const width of widthOrder) {
          if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: HEIGHT });
          const m = await page.evaluate(measure);
          checks++;
          const where = `${role} ${theme} ${width}px ${path} (at ${new URL(page.url()).pathname})`;
          widths[`${role} ${width} ${path}`] = Math.max(widths[`${role} ${width} ${path}`] ?? 0, m.scrollWidth);
          const found = [
            ...(m.scrollWidth > m.innerWidth ? [`${where}: page ${m.scrollWidth}px wide; past the edge: ${m.widest.join(' | ')}`] : []),
            ...m.offscreen.map((off) => `${where}: primary action off-screen: ${off}`),
            ...m.scrolled.map((box) => `${where}: table scrolls sideways in its box: ${box}`),
          ];
          // Printed as found too, so a run cut short still says what it saw.
          for (const failure of found) console.log(`FAIL ${failure}`);
          failures.push(...found);
        }
        widthOrder = widthOrder.reverse();
      }
      // Keeps the sweep fast: a route that takes long is named in the output.
      if (Date.now() - routeStarted > 3_000) console.log(`slow: ${role} ${path} ${Date.now() - routeStarted}ms (loaded in ${loadedIn}ms)`);
    }
  };
  // The roles side by side: each waits on its own server round trips while another lays out.
  await Promise.all((Object.keys(pages) as Role[]).map(sweepRole));

  const report = (role: Role, paths: string[]) =>
    paths.map((p) => `${p} ${SWEEP_WIDTHS.map((w) => widths[`${role} ${w} ${p}`]).join('/')}`);
  console.log(
    `sweep: ${checks} checks in ${Math.round((Date.now() - started) / 1000)}s; page widths at ${SWEEP_WIDTHS.join('/')} px: ` +
      [
        ...report('USER', ['/user/deposit', '/user/package', '/user/withdraw', '/user/history', '/user/statement']),
        ...report('SADMIN', ['/admin/deposit', '/admin/withdraw', '/allusers', '/admin/audit']),
      ].join(', '),
  );
  expect(failures).toEqual([]);
});
