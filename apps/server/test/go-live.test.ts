// The go-live checklist (GET /admin/go-live, super admin): each item turns ok when what it names is fixed.
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GoLiveResponse } from '@app/contract';
import { signUpAs, startTestApp, type SignedUp, type TestContext } from './helpers.js';
import { randomTronAddress } from './tron-standin.js';

let ctx: TestContext;
let boss: SignedUp;
let admin: SignedUp;
beforeAll(async () => {
  ctx = await startTestApp();
  boss = await signUpAs(ctx, 'SADMIN');
  admin = await signUpAs(ctx, 'ADMIN');
});
afterAll(() => ctx?.close());

const items = async () => {
  const res = await boss.client.get('/api/v1/admin/go-live');
  expect(res.status, res.text).toBe(200);
  const list = res.body.items as GoLiveResponse['items'];
  return Object.fromEntries(list.map((i) => [i.id, i]));
};

test('a fresh installation: everything but the proxy stands in the way; each item turns ok once fixed', async () => {
  const first = await items();
  expect(Object.keys(first)).toEqual(['admin2fa', 'backup', 'chain', 'supportContacts', 'fourEyes', 'newAddressHold', 'trustProxy', 'appUrlHttps']);
  expect(Object.values(first).filter((i) => i.ok).length).toBe(1);
  expect(first.trustProxy.ok).toBe(true);
  expect(first.admin2fa).toMatchObject({ ok: false, count: 2, fix: '/admin/settings' });
  expect(first.backup).toMatchObject({ ok: false, at: null });

  // A request through a proxy while TRUST_PROXY is unset.
  await ctx.client().get('/api/v1/health', { headers: { 'x-forwarded-for': '203.0.113.7' } });
  expect((await items()).trustProxy.ok).toBe(false);

  // A backup from today counts; one from two days ago does not.
  const dir = path.join(ctx.dataDir, 'backups');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'points-2026-01-01T00-00-00Z.backup');
  await writeFile(file, 'x');
  expect((await items()).backup.ok).toBe(true);
  const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await utimes(file, old, old);
  expect((await items()).backup).toMatchObject({ ok: false, at: old.toISOString() });

  const put = await boss.client.put('/api/v1/settings', {
    withdrawFourEyesAbove: 500,
    withdrawNewAddressHoldHours: 24,
    supportEmail: 'help@points.example',
    supportPhone: '+971 4 555 1234',
    tronApiUrl: 'http://127.0.0.1:9', // nothing listens: the poller only fails quietly
    depositAddress: randomTronAddress(),
  });
  expect(put.status, put.text).toBe(200);
  // The e-mail and phone are ours now, the address still the default: not yet.
  expect((await items()).supportContacts.ok).toBe(false);
  expect((await boss.client.put('/api/v1/settings', { supportAddress: 'Office 4, Example Street, Dubai' })).status).toBe(200);
  const after = await items();
  for (const id of ['fourEyes', 'newAddressHold', 'supportContacts', 'chain']) expect(after[id].ok, id).toBe(true);
  expect(after.appUrlHttps.ok).toBe(false); // the test app's APP_URL is http://localhost:3000
  await boss.client.put('/api/v1/settings', { tronApiUrl: '', depositAddress: '' });

  expect((await admin.client.get('/api/v1/admin/go-live')).status).toBe(403);
});
