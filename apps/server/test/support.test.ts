// Support tickets (docs/product.md#support) over real HTTP: owners and admins only, files checked from their bytes
// and served with headers that keep them inert, internal notes never reaching the user (API, stream, e-mail), the
// limits when raced, the status flow on the injected clock, and the notifications of each side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUPPORT_MSG } from '@app/contract';
import { loginClient, mailsTo, signUp, signUpAs, startTestApp, waitForEmailQueueIdle, type SignedUp, type TestContext } from './helpers.js';
import { txHash } from './money-helpers.js';
import { openSse } from './sse.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(32, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(28, 3)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const file = (name: string, bytes: Buffer) => ({ name, data: bytes.toString('base64') });

let ctx: TestContext;
let admin: SignedUp;
let admin2: SignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUpAs(ctx, 'ADMIN');
  admin2 = await signUpAs(ctx, 'SADMIN');
});
afterAll(async () => ctx?.close());

/** After the test clock jumps past the sessions' idle limit: the user and both admins sign in again. */
async function signInAgain(u: SignedUp) {
  for (const s of [u, admin, admin2]) s.client = await loginClient(ctx, s.user.email, s.password);
}

async function open(u: SignedUp, extra: Record<string, unknown> = {}) {
  const res = await u.client.post('/api/v1/support/tickets', { subject: 'I paid but it is not credited', category: 'deposit', message: 'Hello, see the screenshot.', ...extra });
  return res;
}

describe('a user’s ticket', () => {
  it('opens with files about one of their own deposits; only the owner and admins see it', async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    const dep = (await u.client.post('/api/v1/deposit/deposit', { amount: 25, transactionId: txHash() })).body.deposit;
    const res = await open(u, { about: { kind: 'deposit', id: dep._id }, attachments: [file('shot.png', PNG), file('receipt.pdf', PDF)] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(SUPPORT_MSG.created);
    const t = res.body.ticket;
    expect(t).toMatchObject({ status: 'open', category: 'deposit', unread: false, about: { kind: 'deposit', id: dep._id } });
    expect(t.about.label).toBe(`25.00 USDT · ${dep.transactionId}`);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0].attachments.map((a: { name: string; type: string }) => [a.name, a.type])).toEqual([
      ['shot.png', 'image/png'],
      ['receipt.pdf', 'application/pdf'],
    ]);
    const [png, pdf] = t.messages[0].attachments;

    expect((await u.client.get('/api/v1/support/tickets')).body.tickets.map((x: { _id: string }) => x._id)).toEqual([t._id]);
    // Someone else: 404 for the ticket, its thread, its files, a reply, close and reopen; their list is empty.
    expect((await other.client.get('/api/v1/support/tickets')).body.tickets).toEqual([]);
    for (const r of [
      await other.client.get(`/api/v1/support/tickets/${t._id}`),
      await other.client.post(`/api/v1/support/tickets/${t._id}/messages`, { message: 'me too' }),
      await other.client.post(`/api/v1/support/tickets/${t._id}/close`, {}),
      await other.client.post(`/api/v1/support/tickets/${t._id}/reopen`, {}),
      await other.client.get(`/api/v1/support/attachments/${png._id}`),
    ]) {
      expect(r.status).toBe(404);
    }
    // The owner and an admin get the file, byte for byte.
    const own = await u.client.get(`/api/v1/support/attachments/${pdf._id}`);
    expect(own.status).toBe(200);
    expect(Buffer.from(own.text, 'latin1').length).toBeGreaterThan(0);
    const staff = await fetch(`${ctx.url}/api/v1/support/attachments/${png._id}?inline=1`, { headers: { cookie: admin.client.cookieHeader() } });
    expect(staff.status).toBe(200);
    expect(Buffer.from(await staff.arrayBuffer()).equals(PNG)).toBe(true);
    // Another user's deposit cannot be named.
    const foreign = await open(other, { about: { kind: 'deposit', id: dep._id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(SUPPORT_MSG.recordNotFound);
  });

  it('serves files as downloads (images inline on request), never sniffed, sandboxed', async () => {
    const u = await signUp(ctx);
    const t = (await open(u, { attachments: [file('a.jpg', JPEG), file('b.webp', WEBP), file('c.pdf', PDF)] })).body.ticket;
    const [jpg, webp, pdf] = t.messages[0].attachments;
    const get = (id: string, q = '') => fetch(`${ctx.url}/api/v1/support/attachments/${id}${q}`, { headers: { cookie: u.client.cookieHeader() } });
    for (const [a, type] of [
      [jpg, 'image/jpeg'],
      [webp, 'image/webp'],
      [pdf, 'application/pdf'],
    ] as const) {
      const res = await get(a._id);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    expect((await get(jpg._id, '?inline=1')).headers.get('content-disposition')).toMatch(/^inline; /);
    // A PDF is never shown inline.
    expect((await get(pdf._id, '?inline=1')).headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses a file whose bytes are not what its name says, an empty one, one above 5 MB, and a fourth file', async () => {
    const u = await signUp(ctx);
    const cases: [unknown[], string][] = [
      [[file('statement.png', PDF)], SUPPORT_MSG.fileType],
      [[file('page.pdf', HTML)], SUPPORT_MSG.fileType],
      [[file('page.html', HTML)], SUPPORT_MSG.fileType],
      [[file('noext', PNG)], SUPPORT_MSG.fileType],
      [[file('empty.png', Buffer.alloc(0))], SUPPORT_MSG.fileEmpty],
      [[file('big.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))], SUPPORT_MSG.fileTooLarge],
      [[{ name: 'x.png', data: 'not base64!' }], SUPPORT_MSG.fileData],
      [[file('1.png', PNG), file('2.png', PNG), file('3.png', PNG), file('4.png', PNG)], SUPPORT_MSG.tooManyFiles],
    ];
    for (const [attachments, message] of cases) {
      const res = await open(u, { attachments });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Exactly 5 MB passes.
    const ok = await open(u, { attachments: [file('max.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length)]))] });
    expect(ok.status, ok.text).toBe(201);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from support_tickets t join users u on u.id = t.user_id where u.email = ${u.user.email}`);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an empty or too long message, a bad category and a bad subject, each with its message', async () => {
    const u = await signUp(ctx);
    expect((await open(u, { message: 'x'.repeat(10_001) })).body.message).toBe(SUPPORT_MSG.message);
    expect((await open(u, { message: '   ' })).body.message).toBe(SUPPORT_MSG.message);
    expect((await open(u, { category: 'money' })).body.message).toBe(SUPPORT_MSG.category);
    expect((await open(u, { subject: '' })).body.message).toBe(SUPPORT_MSG.subject);
    expect((await open(u, { subject: 'a\u202eb' })).body.message).toBe(SUPPORT_MSG.subjectText);
    expect((await open(u, { message: 'y'.repeat(10_000) })).status).toBe(201);
  });
});

describe('the thread', () => {
  it('answered → the user reads it live and by e-mail; internal notes reach nobody; open again on the user’s reply', async () => {
    const u = await signUp(ctx);
    const bystander = await signUp(ctx);
    const t = (await open(u, { subject: 'Where is my withdrawal', category: 'withdrawal' })).body.ticket;
    const stream = await openSse(ctx.url, u.client, '/api/v1/notifications/stream');
    try {
      const note = await admin.client.post(`/api/v1/admin/support/tickets/${t._id}/messages`, {
        message: 'SECRET-NOTE: user looks like a repeat claimer',
        internal: true,
        attachments: [file('evidence.png', PNG)],
      });
      expect(note.status, note.text).toBe(200);
      expect(note.body.message).toBe(SUPPORT_MSG.noted);
      const noteFile = note.body.ticket.messages.find((m: { internal: boolean }) => m.internal).attachments[0];
      const answer = await admin.client.post(`/api/v1/admin/support/tickets/${t._id}/messages`, { message: 'We found it: it is being paid.' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.ticket.status).toBe('answered');
      expect(answer.body.ticket.assignedTo._id).toBe(admin.user._id);

      // Live: one notification, the answer's (the note told nobody).
      const [event] = await stream.waitFor(1);
      expect(JSON.parse(event.data)).toMatchObject({ kind: 'support_reply', title: 'Support answered your ticket' });
      expect(event.data).not.toContain('SECRET-NOTE');

      const list = (await u.client.get('/api/v1/support/tickets')).body.tickets;
      expect(list[0]).toMatchObject({ _id: t._id, status: 'answered', unread: true });
      const thread = await u.client.get(`/api/v1/support/tickets/${t._id}`);
      expect(thread.text).not.toContain('SECRET-NOTE');
      expect(thread.text).not.toContain(noteFile._id);
      expect(thread.text).not.toContain(admin.user.email);
      expect(thread.body.ticket.messages.map((m: { from: string }) => m.from)).toEqual(['user', 'staff']);
      expect(thread.body.ticket.messages[1]).not.toHaveProperty('authorName');
      expect((await u.client.get(`/api/v1/support/attachments/${noteFile._id}`)).status).toBe(404);
      expect((await u.client.get('/api/v1/support/tickets')).body.tickets[0].unread).toBe(false);

      // The user answers: open again, waiting for the operator, unread on the desk.
      const again = await u.client.post(`/api/v1/support/tickets/${t._id}/messages`, { message: 'Thanks, still waiting.' });
      expect(again.status, again.text).toBe(200);
      expect(again.body.ticket.status).toBe('open');
      const desk = (await admin.client.get(`/api/v1/admin/support/tickets?q=${encodeURIComponent(u.user.email)}`)).body.tickets;
      expect(desk[0]).toMatchObject({ _id: t._id, status: 'open', unread: true });
      // The desk sees the note with its author.
      const deskThread = (await admin.client.get(`/api/v1/admin/support/tickets/${t._id}`)).body.ticket;
      expect(deskThread.messages.find((m: { internal: boolean }) => m.internal).authorName).toBeTruthy();
      expect(deskThread.account).toMatchObject({ balance: 0, deposits: [], withdrawals: [] });
    } finally {
      stream.close();
    }

    await waitForEmailQueueIdle(ctx);
    const mails = await mailsTo(ctx, u.user.email, 'Support answered your ticket');
    expect(mails).toHaveLength(1);
    expect(mails.join('\n')).not.toContain('SECRET-NOTE');
    // The assigned admin heard of the user's reply; nobody else's mailbox holds anything of this ticket.
    expect(await mailsTo(ctx, admin.user.email, 'New message on a support ticket')).not.toHaveLength(0);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${bystander.user._id} and kind like 'support%'`,
    );
    expect(rows[0].n).toBe(0);
    const { rows: notes } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where body like '%SECRET-NOTE%' or title like '%SECRET-NOTE%'`);
    expect(notes[0].n).toBe(0);
  });

  it('sends no support e-mail to a user who switched the category off', async () => {
    const u = await signUp(ctx);
    const off = await u.client.put('/api/v1/notifications/preferences', { preferences: { support: false } });
    expect(off.status, off.text).toBe(200);
    const t = (await open(u)).body.ticket;
    await admin.client.post(`/api/v1/admin/support/tickets/${t._id}/messages`, { message: 'Answer' });
    await waitForEmailQueueIdle(ctx);
    expect(await mailsTo(ctx, u.user.email, 'Support answered your ticket')).toHaveLength(0);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${u.user._id} and kind = 'support_reply'`);
    expect(rows[0].n).toBe(1);
  });

  it('closes, reopens within 7 days only (on the injected clock), and refuses replies while closed', async () => {
    const u = await signUp(ctx);
    const t = (await open(u)).body.ticket;
    expect((await u.client.post(`/api/v1/support/tickets/${t._id}/reopen`, {})).body.message).toBe(SUPPORT_MSG.notClosed);
    expect((await u.client.post(`/api/v1/support/tickets/${t._id}/close`, {})).status).toBe(200);
    expect((await u.client.post(`/api/v1/support/tickets/${t._id}/close`, {})).body.message).toBe(SUPPORT_MSG.alreadyClosed);
    const closedReply = await u.client.post(`/api/v1/support/tickets/${t._id}/messages`, { message: 'hello?' });
    expect([closedReply.status, closedReply.body.message]).toEqual([409, SUPPORT_MSG.closedReply]);
    // Sessions end after a day idle on the same clock: sign in again after each jump.
    ctx.clock.advance(6 * 24 * 3600_000);
    await signInAgain(u);
    expect((await u.client.post(`/api/v1/support/tickets/${t._id}/reopen`, {})).status).toBe(200);
    expect((await u.client.get(`/api/v1/support/tickets/${t._id}`)).body.ticket.status).toBe('open');
    expect((await admin.client.post(`/api/v1/admin/support/tickets/${t._id}/close`, {})).status).toBe(200);
    ctx.clock.advance(7 * 24 * 3600_000 + 60_000);
    await signInAgain(u);
    const late = await u.client.post(`/api/v1/support/tickets/${t._id}/reopen`, {});
    expect([late.status, late.body.message]).toEqual([409, SUPPORT_MSG.reopenExpired]);
  });
});

describe('limits', () => {
  it('at most 5 open tickets, however many are opened at once', async () => {
    const u = await signUp(ctx);
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => open(u, { subject: `Race ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.message === SUPPORT_MSG.tooManyOpen)).toBe(true);
    // Closing one frees a place.
    const first = results.find((r) => r.status === 201)!.body.ticket;
    await u.client.post(`/api/v1/support/tickets/${first._id}/close`, {});
    expect((await open(u)).status).toBe(201);
    // …and a reopen counts too.
    expect((await u.client.post(`/api/v1/support/tickets/${first._id}/reopen`, {})).body.message).toBe(SUPPORT_MSG.tooManyOpen);
  });

  it('at most 20 messages an hour, however many are sent at once; the next hour opens again', async () => {
    const u = await signUp(ctx);
    const t = (await open(u)).body.ticket; // message 1
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => u.client.post(`/api/v1/support/tickets/${t._id}/messages`, { message: `m${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.message === SUPPORT_MSG.tooManyMessages)).toBe(true);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
    expect((await open(u)).status).toBe(429);
    ctx.clock.advance(3600_000 + 1000);
    expect((await u.client.post(`/api/v1/support/tickets/${t._id}/messages`, { message: 'later' })).status).toBe(200);
  });
});

describe('the desk', () => {
  it('lists open tickets first, oldest waiting first; filters by status, category and assignee; searches subject and e-mail', async () => {
    const u = await signUp(ctx);
    const a = (await open(u, { subject: 'Desk order A', category: 'account' })).body.ticket;
    ctx.clock.advance(60_000);
    const b = (await open(u, { subject: 'Desk order B', category: 'videos' })).body.ticket;
    ctx.clock.advance(60_000);
    const c = (await open(u, { subject: 'Desk order C', category: 'other' })).body.ticket;
    await admin.client.post(`/api/v1/admin/support/tickets/${a._id}/messages`, { message: 'answered' });
    const list = (await admin.client.get('/api/v1/admin/support/tickets?q=Desk%20order&limit=100')).body;
    expect(list.tickets.map((t: { subject: string }) => t.subject)).toEqual(['Desk order B', 'Desk order C', 'Desk order A']);
    expect(list.total).toBe(3);
    const only = (q: string) => admin.client.get(`/api/v1/admin/support/tickets?q=Desk%20order&${q}`).then((r) => r.body.tickets.map((t: { _id: string }) => t._id));
    expect(await only('status=answered')).toEqual([a._id]);
    expect(await only('category=videos')).toEqual([b._id]);
    expect(await only('mine=true')).toEqual([a._id]);
    expect((await admin2.client.post(`/api/v1/admin/support/tickets/${c._id}/assign`, {})).status).toBe(200);
    expect(await admin2.client.get('/api/v1/admin/support/tickets?q=Desk%20order&mine=true').then((r) => r.body.tickets.map((t: { _id: string }) => t._id))).toEqual([c._id]);
    const byEmail = await admin.client.get(`/api/v1/admin/support/tickets?q=${encodeURIComponent(u.user.email)}`);
    expect(byEmail.body.tickets).toHaveLength(3);
    expect((await admin.client.get('/api/v1/admin/support/tickets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A user is refused the desk.
    expect((await u.client.get('/api/v1/admin/support/tickets')).status).toBe(403);
  });
});
