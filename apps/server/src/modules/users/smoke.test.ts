import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, signUp, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

test('sign-up logs the new user in', async () => {
  const { client, user } = await signUp(ctx);
  const me = await client.get('/api/v1/user/me');
  expect(me.status).toBe(200);
  expect(me.body.user._id).toBe(user._id);
  expect(me.body.user.point).toBe(0);
});
