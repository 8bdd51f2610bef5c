// Requests Node's HTTP parser refuses before Fastify sees them still get `{ success:false, message }`.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAs, startTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

test('a URL over the header limit → 431 { success:false, message }', async () => {
  const { client } = await signUpAs(ctx, 'SADMIN');
  const res = await client.get(`/api/v1/admin/audit?to=${'a'.repeat(20_000)}`);
  expect(res.status).toBe(431);
  expect(res.body).toEqual({ success: false, message: 'Request headers or URL are too large' });
});

test('garbage on the wire → 400 { success:false, message }', async () => {
  const { port } = new URL(ctx.url);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  expect(JSON.parse(raw.split('\r\n\r\n')[1])).toEqual({ success: false, message: 'Malformed HTTP request' });
});
