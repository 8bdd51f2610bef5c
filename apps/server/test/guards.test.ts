// Authorisation on every route (docs/product.md#security-rules): an anonymous caller gets 401 from every route that needs a
// login, a logged-in USER gets 403 from every admin route. The table below must list EVERY route under
// /api/v1: a route added without an entry fails the test, which names it.
//
// To add a route: one line `'METHOD /api/v1/path/:param': { anonymous: <status>, user?: <status> }`.
//   anonymous — the status an anonymous caller gets (with a valid CSRF token and a `{}` JSON body for
//               POST/PUT/PATCH/DELETE): 401 for any route that needs a login.
//   user      — optional: the status a logged-in, unsubscribed USER gets the same way (403 for admin routes).
// Path parameters are filled with a random UUID.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, startTestApp, type Client, type TestContext } from './helpers.js';

interface Expect {
  anonymous: number;
  user?: number;
}

const NEEDS_LOGIN: Expect = { anonymous: 401 };
const ADMIN_ONLY: Expect = { anonymous: 401, user: 403 };
const SUBSCRIBERS: Expect = { anonymous: 401, user: 403 };

export const ROUTES: Record<string, Expect> = {
  // Public
  'GET /api/v1/health': { anonymous: 200 },
  'GET /api/v1/config': { anonymous: 200 },
  'POST /api/v1/user/register': { anonymous: 400 }, // `{}` → "Please fill all the details"
  'POST /api/v1/user/login': { anonymous: 400 }, // `{}` → "Please fill all the details"
  'GET /api/v1/user/logout': { anonymous: 200, user: 200 },
  'POST /api/v1/user/logout': { anonymous: 200, user: 200 },
  'POST /api/v1/user/reset': { anonymous: 400 }, // `{}` → "email is required to reset password!"
  'POST /api/v1/user/reset/:resetToken': { anonymous: 400 }, // `{}` → "password is required"

  // Any logged-in user
  'GET /api/v1/user/me': { anonymous: 401, user: 200 },
  'GET /api/v1/user/point': { anonymous: 401, user: 200 },
  'POST /api/v1/user/update/:id': { anonymous: 401, user: 403 }, // someone else's id
  'POST /api/v1/user/change-password': { anonymous: 401, user: 400 },
  'PUT /api/v1/user/language': { anonymous: 401, user: 400 }, // `{}` → 'Language must be "en" or "ar"'
  'GET /api/v1/user/statement': NEEDS_LOGIN,
  'GET /api/v1/user/statement.csv': NEEDS_LOGIN,
  'GET /api/v1/user/referrals': NEEDS_LOGIN,
  'GET /api/v1/notifications': NEEDS_LOGIN,
  'POST /api/v1/notifications/read': { anonymous: 401, user: 400 }, // `{}` names nothing to mark
  'GET /api/v1/notifications/stream': NEEDS_LOGIN, // a user's answer is a stream that stays open (role-matrix opens it)
  'POST /api/v1/point/transfer': NEEDS_LOGIN,
  'POST /api/v1/user/lookup-recipient': NEEDS_LOGIN,
  'GET /api/v1/user/recent-recipients': NEEDS_LOGIN,
  'POST /api/v1/subscription/activate-with-points': NEEDS_LOGIN,
  'POST /api/v1/subscription/apply-code': NEEDS_LOGIN,
  'POST /api/v1/deposit/deposit': NEEDS_LOGIN,
  'POST /api/v1/deposit/request': NEEDS_LOGIN,
  'GET /api/v1/deposit/request/:id': NEEDS_LOGIN,
  'GET /api/v1/deposit/address': NEEDS_LOGIN,
  'GET /api/v1/deposit/addresses': ADMIN_ONLY,
  'GET /api/v1/deposit/addresses.csv': ADMIN_ONLY,
  'POST /api/v1/deposit/addresses/sweep': ADMIN_ONLY,
  'GET /api/v1/deposit/my-deposits': NEEDS_LOGIN,
  'POST /api/v1/withdraw': NEEDS_LOGIN,
  'GET /api/v1/withdraw/my-withdrawals': NEEDS_LOGIN,
  'GET /api/v1/withdraw/rules': NEEDS_LOGIN,
  // Account security: the second sign-in step and passkey sign-in are public
  'POST /api/v1/user/login/2fa': { anonymous: 400, user: 400 }, // `{}` → "Enter the code from your authenticator app"
  'POST /api/v1/user/login/passkey/options': { anonymous: 200, user: 200 },
  'POST /api/v1/user/login/passkey': { anonymous: 400, user: 400 },
  // Sudo mode: a session that has not re-entered its password in the last 5 minutes gets 403 before the
  // body is read; `{}` → "Enter your password" for the re-authentication itself.
  'POST /api/v1/user/reauth': { anonymous: 401, user: 400 },
  'POST /api/v1/user/2fa/setup': { anonymous: 401, user: 403 },
  'POST /api/v1/user/2fa/enable': { anonymous: 401, user: 403 },
  'POST /api/v1/user/2fa/disable': { anonymous: 401, user: 400 }, // `{}` → "Enter the code…" (sudo is checked after the body: it may carry the password)
  'GET /api/v1/user/passkeys': { anonymous: 401, user: 200 },
  'POST /api/v1/user/passkeys/options': { anonymous: 401, user: 403 },
  'POST /api/v1/user/passkeys': { anonymous: 401, user: 403 },
  'PUT /api/v1/user/passkeys/:id': { anonymous: 401, user: 400 },
  'DELETE /api/v1/user/passkeys/:id': { anonymous: 401, user: 403 },
  'GET /api/v1/user/sessions': { anonymous: 401, user: 200 },
  'DELETE /api/v1/user/sessions/:id': { anonymous: 401, user: 404 },
  'DELETE /api/v1/user/sessions': { anonymous: 401, user: 200 },
  'GET /api/v1/user/login-history': { anonymous: 401, user: 200 },
  // Notification e-mail: the caller's preferences; the unsubscribe link's token is its only credential
  'GET /api/v1/notifications/preferences': { anonymous: 401, user: 200 },
  'PUT /api/v1/notifications/preferences': { anonymous: 401, user: 400 }, // `{}` names no preferences
  'GET /api/v1/notifications/unsubscribe': { anonymous: 400, user: 400 }, // no token
  'POST /api/v1/notifications/unsubscribe': { anonymous: 400, user: 400 },

  // Subscribers (and admins)
  'GET /api/v1/video': SUBSCRIBERS,
  'GET /api/v1/video/:id': SUBSCRIBERS,
  'POST /api/v1/video/add-point': SUBSCRIBERS,

  // Admins
  'GET /api/v1/user/all': ADMIN_ONLY,
  'PUT /api/v1/user/:id/update-role': ADMIN_ONLY,
  'DELETE /api/v1/user/:id/delete-user': ADMIN_ONLY,
  'GET /api/v1/admin/stats/users': ADMIN_ONLY,
  'GET /api/v1/admin/closed-accounts': ADMIN_ONLY,
  'GET /api/v1/admin/users/:id': ADMIN_ONLY,
  'GET /api/v1/admin/dashboard': ADMIN_ONLY,
  'GET /api/v1/admin/audit': ADMIN_ONLY,
  'GET /api/v1/admin/go-live': ADMIN_ONLY,
  'GET /api/v1/admin/ledger-check': ADMIN_ONLY,
  'GET /api/v1/settings': ADMIN_ONLY,
  'PUT /api/v1/settings': ADMIN_ONLY,
  'POST /api/v1/video': ADMIN_ONLY,
  'PUT /api/v1/video/:id': ADMIN_ONLY,
  'DELETE /api/v1/video/:id': ADMIN_ONLY,
  'GET /api/v1/deposit/deposit': ADMIN_ONLY,
  'POST /api/v1/deposit/deposit/:id': ADMIN_ONLY,
  'DELETE /api/v1/deposit/deposit/:id': ADMIN_ONLY,
  'GET /api/v1/deposit/unmatched': ADMIN_ONLY,
  'POST /api/v1/deposit/unmatched/:id/assign': ADMIN_ONLY,
  'POST /api/v1/deposit/unmatched/:id/dismiss': ADMIN_ONLY,
  'GET /api/v1/withdraw': ADMIN_ONLY,
  'POST /api/v1/withdraw/:id': ADMIN_ONLY,
  'DELETE /api/v1/withdraw/:id': ADMIN_ONLY,
  'GET /api/v1/withdraw/desk': ADMIN_ONLY,
  'GET /api/v1/withdraw/approved.csv': ADMIN_ONLY,
  'POST /api/v1/withdraw/:id/approve': ADMIN_ONLY,
  'POST /api/v1/withdraw/:id/payout': ADMIN_ONLY,
  'POST /api/v1/adpoint/addpoint': ADMIN_ONLY,
  'POST /api/v1/adpoint/removepoint': ADMIN_ONLY,
  'POST /api/v1/subscription/add-code': ADMIN_ONLY,
  'GET /api/v1/subscription/all-codes': ADMIN_ONLY,
  'POST /api/v1/admin/announcements': ADMIN_ONLY,
  'GET /api/v1/admin/announcements': ADMIN_ONLY,
  'GET /api/v1/support/tickets': { anonymous: 401, user: 200 },
  'POST /api/v1/support/tickets': { anonymous: 401, user: 400 }, // `{}` → "Give the ticket a subject…"
  'GET /api/v1/support/tickets/:id': { anonymous: 401, user: 404 },
  'POST /api/v1/support/tickets/:id/messages': { anonymous: 401, user: 400 },
  'POST /api/v1/support/tickets/:id/close': { anonymous: 401, user: 404 },
  'POST /api/v1/support/tickets/:id/reopen': { anonymous: 401, user: 404 },
  'GET /api/v1/support/attachments/:id': { anonymous: 401, user: 404 },
  'GET /api/v1/admin/support/tickets': ADMIN_ONLY,
  'GET /api/v1/admin/support/tickets/:id': ADMIN_ONLY,
  'POST /api/v1/admin/support/tickets/:id/messages': ADMIN_ONLY,
  'POST /api/v1/admin/support/tickets/:id/assign': ADMIN_ONLY,
  'POST /api/v1/admin/support/tickets/:id/close': ADMIN_ONLY,
  'GET /api/v1/kyc': { anonymous: 401, user: 200 },
  'POST /api/v1/kyc/submissions': { anonymous: 401, user: 400 },
  'GET /api/v1/kyc/documents/:id': { anonymous: 401, user: 404 },
  'GET /api/v1/admin/kyc/submissions': ADMIN_ONLY,
  'POST /api/v1/admin/kyc/submissions/:id/review': ADMIN_ONLY,
  'GET /api/v1/admin/kyc/form': ADMIN_ONLY,
  'PUT /api/v1/admin/kyc/form': ADMIN_ONLY,
};

let ctx: TestContext;
let user: Client;
beforeAll(async () => {
  ctx = await startTestApp();
  user = (await signUp(ctx)).client;
});
afterAll(() => ctx.close());

const apiRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/v1/')).map((r) => `${r.method} ${r.url}`);

async function call(client: Client, key: string) {
  const [method, pattern] = key.split(' ');
  const path = pattern.replace(/:[A-Za-z_]+/g, () => randomUUID());
  const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? {} : undefined;
  return client.request(method, path, body);
}

test('every route registered under /api/v1 has an entry in the table', () => {
  const registered = apiRoutes();
  expect(registered.length).toBeGreaterThan(10);
  const missing = registered.filter((r) => !(r in ROUTES));
  expect(missing, `routes without an entry in ROUTES of apps/server/test/guards.test.ts: ${missing.join(', ')}`).toEqual([]);
});

test('every entry of the table is a registered route (no stale entries)', () => {
  const registered = new Set(apiRoutes());
  const stale = Object.keys(ROUTES).filter((k) => !registered.has(k));
  expect(stale, `entries in ROUTES that match no registered route: ${stale.join(', ')}`).toEqual([]);
});

describe('anonymous callers', () => {
  test.each(Object.entries(ROUTES))('%s → %o', async (key, want) => {
    const res = await call(ctx.client(), key);
    expect(res.status, `${key} answered ${res.status} ${res.text.slice(0, 200)}`).toBe(want.anonymous);
    expect(res.body.success, key).toBe(want.anonymous < 400);
    expect(typeof res.body.message, key).toBe('string');
    if (want.anonymous === 401) expect(res.body.message).toBe('Please log in to continue');
  });
});

describe('a logged-in USER', () => {
  test.each(Object.entries(ROUTES).filter(([, w]) => w.user !== undefined))('%s → %o', async (key, want) => {
    const res = await call(user, key);
    expect(res.status, `${key} answered ${res.status} ${res.text.slice(0, 200)}`).toBe(want.user);
    expect(res.body.success, key).toBe(want.user! < 400);
    // The USER's own session survives every refusal (GET/POST /user/logout are the exception by design).
    if (!key.includes('/logout')) expect((await user.get('/api/v1/user/me')).status).toBe(200);
    else user = (await signUp(ctx)).client;
  });
});
