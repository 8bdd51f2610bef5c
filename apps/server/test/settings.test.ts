// Platform settings (docs/operations.md): stored in PostgreSQL, seeded from the environment on the first start, edited by the
// super admin only, validated with the contract's schemas, audited once per change, and live on every instance
// (two app instances on one database here) within 5 seconds — by NOTIFY, or by the periodic re-read when a
// notification is lost.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_MSG } from '@app/contract';
import { freshDatabaseUrl, signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund } from './money-helpers.js';

const ADDRESS_A = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ADDRESS_B = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ADDRESS_C = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const PROPAGATION_MS = 5_000; // the promise: a change is live on every instance within 5 s

let a: TestContext;
let b: TestContext;
let sadmin: Client;
let sadminId: string;
let admin: Client;
let user: Client;

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl();
  const env = { DEPOSIT_ADDRESS: ADDRESS_A, SUPPORT_EMAIL: 'Help@Example.com', SUPPORT_PHONE: '+971 4 111 2222', SUBSCRIPTION_PRICE: '2.50' };
  a = await startTestApp(env, { databaseUrl });
  b = await startTestApp(env, { databaseUrl });
  const s = await signUpAs(a, 'SADMIN');
  sadmin = s.client;
  sadminId = s.user._id;
  admin = (await signUpAs(a, 'ADMIN')).client;
  user = (await signUp(a)).client;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function stored(): Promise<string> {
  const r = await a.db.execute<{ s: string }>(sql`select string_agg(name || '=' || value::text, ',' order by name) as s from platform_settings`);
  return r.rows[0].s;
}
async function auditRows() {
  const r = await a.db.execute<{ actor_id: string; target_id: string; before: string; after: string }>(
    sql`select actor_id, target_id, before, after from audit_log where action = 'settings.changed' order by id`,
  );
  return r.rows.map((x) => ({ actor: x.actor_id, target: x.target_id, before: JSON.parse(x.before), after: JSON.parse(x.after) }));
}

/** Polls `read` until it returns `want`; fails with the last value seen once `ms` have passed. */
async function eventually<T>(read: () => Promise<T>, want: T, ms = PROPAGATION_MS): Promise<void> {
  const deadline = Date.now() + ms;
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(want)) return;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < deadline);
  expect(last, `still not ${JSON.stringify(want)} after ${ms} ms`).toEqual(want);
}
const configOn = (ctx: TestContext) => async () => (await ctx.client().get('/api/v1/config')).body;

test('the environment seeds the settings: GET /settings names them after the variables, amounts as numbers', async () => {
  const res = await admin.get('/api/v1/settings');
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({
    success: true,
    message: 'ok',
    settings: {
      depositAddress: ADDRESS_A,
      subscriptionPrice: 2.5,
      subscriptionMinBalance: 12,
      supportEmail: 'help@example.com',
      supportPhone: '+971 4 111 2222',
      supportAddress: 'Office 000, Example Tower, Dubai, United Arab Emirates',
      signupLimitPerHour: 0, // helpers.ts starts test apps with SIGNUP_LIMIT_PER_HOUR 0
      emailRateLimit: 20,
      tronApiUrl: '',
      tronApiKey: '',
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tronPollMs: '15000',
      tronXpub: '',
      kycRequired: 'off',
      kycThreshold: 0,
      kycDocumentRetentionDays: 0,
      depositWindowMin: '60',
      admin2fa: 'optional',
      referralLevels: '10,5,3',
      referralFirstDepositBonus: 1,
      minDeposit: 0.01,
      referralBonusMinDeposit: 12,
      // The withdrawal rules' defaults keep the first behaviour.
      withdrawMin: 0.01,
      withdrawMax: 0,
      withdrawFeeFixed: 0,
      withdrawFeePercent: 0,
      withdrawDailyLimit: 0,
      withdrawNewAddressHoldHours: 0,
      withdrawFourEyesAbove: 0,
      withdrawProofRequired: 'optional',
    },
  });
  expect((await user.get('/api/v1/settings')).status).toBe(403);
  expect((await a.client().get('/api/v1/settings')).status).toBe(401);
});

test('an ADMIN (not super admin) gets 403 on PUT /settings and nothing is saved or audited', async () => {
  const before = await stored();
  for (const c of [admin, user]) {
    const res = await c.put('/api/v1/settings', { depositAddress: ADDRESS_B });
    expect(res.status, res.text).toBe(403);
    expect(res.body.success).toBe(false);
  }
  expect(await stored()).toBe(before);
  expect(await auditRows()).toEqual([]);
  expect((await b.client().get('/api/v1/config')).body.depositAddress).toBe(ADDRESS_A);
});

describe('bad values: 400 with the setting\'s message, nothing saved', () => {
  const cases: [string, unknown, string][] = [
    ['an address that is not TRC20', { depositAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }, SETTINGS_MSG.depositAddress],
    ['an address one character short', { depositAddress: ADDRESS_B.slice(0, -1) }, SETTINGS_MSG.depositAddress],
    ['an address with a base58-excluded letter', { depositAddress: `T${'0'.repeat(33)}` }, SETTINGS_MSG.depositAddress],
    ['a negative price', { subscriptionPrice: -1 }, SETTINGS_MSG.amount('Subscription price')],
    ['a price with 3 decimals', { subscriptionPrice: '1.005' }, SETTINGS_MSG.amount('Subscription price')],
    ['a price over the limit', { subscriptionPrice: 1_000_000.01 }, SETTINGS_MSG.amount('Subscription price')],
    ['a minimum balance as text', { subscriptionMinBalance: 'twelve' }, SETTINGS_MSG.amount('Subscription minimum balance')],
    ['a support e-mail without a domain', { supportEmail: 'help@' }, SETTINGS_MSG.supportEmail],
    // A control, bidi or zero-width character gets the message that says so.
    ['a support e-mail with a NUL', { supportEmail: 'help\u0000@example.com' }, SETTINGS_MSG.supportEmailInvisible],
    ['a support e-mail with U+202E', { supportEmail: 'help\u202e@example.com' }, SETTINGS_MSG.supportEmailInvisible],
    ['a support phone with letters', { supportPhone: 'call us' }, SETTINGS_MSG.supportPhone],
    ['a support phone as a number', { supportPhone: 971400000 }, SETTINGS_MSG.supportPhone],
    ['one good value beside a bad one (all or nothing)', { depositAddress: ADDRESS_B, supportPhone: '' }, SETTINGS_MSG.supportPhone],
    ['a sign-up limit below 0', { signupLimitPerHour: -1 }, SETTINGS_MSG.signupLimitPerHour],
    ['a sign-up limit with decimals', { signupLimitPerHour: '2.5' }, SETTINGS_MSG.signupLimitPerHour],
    ['no known setting at all', { deposit_address: ADDRESS_B, role: 'SADMIN' }, SETTINGS_MSG.empty],
  ];
  test.each(cases)('%s', async (_label, body, message) => {
    const before = await stored();
    const res = await sadmin.put('/api/v1/settings', body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await stored()).toBe(before);
    expect(await auditRows()).toEqual([]);
  });
});

describe('a super admin changes the deposit address', () => {
  test('live at once on this instance, within 5 s on the other (NOTIFY), audited once with before and after', async () => {
    const res = await sadmin.put('/api/v1/settings', { depositAddress: ` ${ADDRESS_B} `, role: 'USER' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(SETTINGS_MSG.saved);
    expect(res.body.settings.depositAddress).toBe(ADDRESS_B);
    expect((await a.client().get('/api/v1/config')).body.depositAddress).toBe(ADDRESS_B);
    await eventually(async () => (await configOn(b)()).depositAddress, ADDRESS_B);
    expect((await admin.get('/api/v1/settings')).body.settings.depositAddress).toBe(ADDRESS_B);
    expect(await auditRows()).toEqual([{ actor: sadminId, target: 'depositAddress', before: { depositAddress: ADDRESS_A }, after: { depositAddress: ADDRESS_B } }]);

    // The audit page shows it to the super admin.
    const audit = await sadmin.get('/api/v1/admin/audit?action=settings.changed');
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ action: 'settings.changed', targetType: 'settings', before: { depositAddress: ADDRESS_A }, after: { depositAddress: ADDRESS_B } });
  });

  test('saving the same values again changes nothing and writes no audit record', async () => {
    const res = await sadmin.put('/api/v1/settings', { depositAddress: ADDRESS_B });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(SETTINGS_MSG.unchanged);
    expect(await auditRows()).toHaveLength(1);
  });

  test('several at once: one audit record naming only the ones that changed; empty address turns deposits off', async () => {
    const res = await sadmin.put('/api/v1/settings', { depositAddress: '', supportEmail: 'help@example.com', supportPhone: '+1 (555) 010-0200' });
    expect(res.status, res.text).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      target: 'depositAddress,supportPhone',
      before: { depositAddress: ADDRESS_B, supportPhone: '+971 4 111 2222' },
      after: { depositAddress: '', supportPhone: '+1 (555) 010-0200' },
    });
    await eventually(async () => {
      const c = await configOn(b)();
      return [c.depositAddress, c.supportPhone, c.supportEmail];
    }, ['', '+1 (555) 010-0200', 'help@example.com']);
  });
});

test('a secret setting (the Tron API key) is never sent, audited or logged in full', async () => {
  const key = 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const put = await sadmin.put('/api/v1/settings', { tronApiKey: key });
  expect(put.status).toBe(200);
  expect(put.body.settings.tronApiKey).toBe('••••••••4e5f');
  expect(a.app.settings.get('tronApiKey')).toBe(key); // the server itself uses the real key
  for (const c of [admin, sadmin]) {
    const got = await c.get('/api/v1/settings');
    expect(got.status).toBe(200);
    expect(got.body.settings.tronApiKey).toBe('••••••••4e5f');
    expect(JSON.stringify(got.body)).not.toContain(key.slice(0, 8));
  }
  const audit = await a.db.execute<{ row: string }>(sql`select row_to_json(a)::text as row from audit_log a where action = 'settings.changed' and target_id = 'tronApiKey'`);
  expect(audit.rows.length).toBe(1);
  expect(audit.rows[0].row).not.toContain(key.slice(0, 8));
  expect(audit.rows[0].row).toContain('4e5f');
  // An instance started later logs the stored values it uses instead of its environment's: masked too.
  const lines: string[] = [];
  const c = await startTestApp({ TRON_API_KEY: 'other-key-from-env' }, { databaseUrl: a.databaseUrl, logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } } });
  try {
    expect(c.app.settings.get('tronApiKey')).toBe(key);
    expect(lines.join('')).not.toContain(key.slice(0, 8));
  } finally {
    await c.close();
  }
  // Emptying the field removes the key.
  expect((await sadmin.put('/api/v1/settings', { tronApiKey: '' })).body.settings.tronApiKey).toBe('');
  expect(a.app.settings.get('tronApiKey')).toBe('');
});

test('a change whose notification is lost still reaches the other instance within 5 s (periodic re-read)', async () => {
  // Written straight to the table, with no NOTIFY: only the re-read can find it.
  await a.db.execute(sql`update platform_settings set value = ${JSON.stringify(ADDRESS_C)}::jsonb where name = 'depositAddress'`);
  await eventually(async () => (await configOn(b)()).depositAddress, ADDRESS_C);
  await eventually(async () => (await configOn(a)()).depositAddress, ADDRESS_C);
});

test('the environment only seeds: a third instance started with other values shows the stored settings', async () => {
  const c = await startTestApp({ DEPOSIT_ADDRESS: ADDRESS_A, SUBSCRIPTION_PRICE: '99.00' }, { databaseUrl: a.databaseUrl });
  try {
    const cfg = await configOn(c)();
    expect(cfg.depositAddress).toBe(ADDRESS_C);
    expect(cfg.subscriptionPrice).toBe(2.5);
  } finally {
    await c.close();
  }
});

test('the subscription charges the live price and checks the live minimum, whichever instance serves it', async () => {
  const res = await sadmin.put('/api/v1/settings', { subscriptionPrice: '3.00', subscriptionMinBalance: 4 });
  expect(res.status, res.text).toBe(200);
  expect(res.body.settings).toMatchObject({ subscriptionPrice: 3, subscriptionMinBalance: 4 });
  await eventually(async () => {
    const c = await configOn(b)();
    return [c.subscriptionPrice, c.subscriptionMinBalance];
  }, [3, 4]);
  const poor = await signUp(b);
  await fund(b, poor.user._id, 350); // 3.50: below the new minimum of 4.00
  expect((await poor.client.post('/api/v1/subscription/activate-with-points')).status).toBe(400);
  const rich = await signUp(b);
  await fund(b, rich.user._id, 400);
  const ok = await rich.client.post('/api/v1/subscription/activate-with-points');
  expect(ok.status, ok.text).toBe(200);
  expect(await balance(b, rich.user._id)).toBe(100); // 4.00 − the new price 3.00
  await expectLedgerClean(a);
});

test('concurrent saves on both instances: each change is audited once, in a chain (each before is the previous after)', async () => {
  const other = await signUpAs(b, 'SADMIN');
  const addresses = [...'ABCDEFGHJKLM'].map((c) => `T${c.repeat(33)}`); // base58: no I or O
  const answers = await Promise.all(addresses.map((depositAddress, i) => (i % 2 ? other.client : sadmin).put('/api/v1/settings', { depositAddress })));
  for (const r of answers) expect(r.status, r.text).toBe(200);
  const rows = (await auditRows()).filter((r) => r.target === 'depositAddress' && addresses.includes(r.after.depositAddress));
  expect(rows.map((r) => r.after.depositAddress).sort()).toEqual([...addresses].sort());
  for (let i = 1; i < rows.length; i++) expect(rows[i].before.depositAddress).toBe(rows[i - 1].after.depositAddress);
  const last = rows[rows.length - 1].after.depositAddress;
  await eventually(async () => [(await configOn(a)()).depositAddress, (await configOn(b)()).depositAddress], [last, last]);
});

test('the sign-up limit per address is a setting too: lowered on one instance, the other refuses the next sign-up (429)', async () => {
  const res = await sadmin.put('/api/v1/settings', { signupLimitPerHour: 2 });
  expect(res.status, res.text).toBe(200);
  expect(res.body.settings.signupLimitPerHour).toBe(2);
  try {
    await eventually(async () => (await admin.get('/api/v1/settings')).body.settings.signupLimitPerHour, 2);
    // B reloads on the NOTIFY; give it the same 5 s, then two sign-ups from this address pass and the third is refused.
    await eventually(async () => {
      const r = await b.client().post('/api/v1/user/register', { fullName: 'Limit Probe', email: `probe-${Date.now()}-${Math.random()}@example.com`, phone: '+971500000000', password: 'correct-horse-9' });
      return r.status;
    }, 429);
  } finally {
    const back = await sadmin.put('/api/v1/settings', { signupLimitPerHour: 0 });
    expect(back.status, back.text).toBe(200);
  }
});
