// Identity checks (docs/product.md#identity-checks) over real HTTP: the super admin's versioned form, a user's
// submission with documents checked from their bytes, owners and admins only (404), the review (audited,
// notified), resubmission after a rejection, withdrawals gated by KYC_REQUIRED, and document retention on the
// injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KYC_MSG, SUPPORT_MSG, type KycFormBody } from '@app/contract';
import { pruneKycDocuments } from '../src/modules/kyc/kyc.service.js';
import { loginClient, signUp, signUpAs, startTestApp, type SignedUp, type TestContext } from './helpers.js';
import { randomTronAddress } from './tron-standin.js';
import { auditCount, fund } from './money-helpers.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const file = (name: string, bytes: Buffer) => ({ name, data: bytes.toString('base64') });

const FORM: KycFormBody = {
  fields: [
    { key: 'full_name', kind: 'text', labelEn: 'Full legal name', labelAr: 'الاسم القانوني الكامل', required: true },
    { key: 'birth', kind: 'date', labelEn: 'Date of birth', labelAr: 'تاريخ الميلاد', required: true },
    { key: 'doc_type', kind: 'select', labelEn: 'Document', labelAr: 'المستند', required: true, options: [{ en: 'Passport', ar: 'جواز سفر' }, { en: 'ID card', ar: 'بطاقة هوية' }] },
    { key: 'doc_number', kind: 'number', labelEn: 'Document number', labelAr: 'رقم المستند', required: false },
    { key: 'doc', kind: 'file', labelEn: 'Document photo', labelAr: 'صورة المستند', required: true },
  ],
};
const ANSWERS = { full_name: 'Alice Example', birth: '1990-02-28', doc_type: 'Passport', doc: file('passport.png', PNG) };

let ctx: TestContext;
let sadmin: SignedUp;
let admin: SignedUp;
let version: number;

beforeAll(async () => {
  ctx = await startTestApp();
  sadmin = await signUpAs(ctx, 'SADMIN');
  admin = await signUpAs(ctx, 'ADMIN');
});
afterAll(async () => ctx?.close());

async function setSettings(values: Record<string, unknown>) {
  const res = await sadmin.client.put('/api/v1/settings', values);
  expect([200, 400].includes(res.status) && (res.status === 200 || res.body.message === 'Nothing changed: the settings already have these values'), res.text).toBe(true);
  for (let i = 0; i < 100; i++) {
    const now = ctx.app.settings.get('kycRequired');
    if (values.kycRequired === undefined || now === values.kycRequired) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const submit = (u: SignedUp, answers: Record<string, unknown> = ANSWERS, v = version) => u.client.post('/api/v1/kyc/submissions', { version: v, answers });
const pending = async () => (await admin.client.get('/api/v1/admin/kyc/submissions')).body.submissions as { _id: string; email: string; documents: { _id: string }[] }[];

describe('the form', () => {
  it('is designed by the super admin only, as a new version each time, audited', async () => {
    const u = await signUp(ctx);
    expect((await u.client.get('/api/v1/kyc')).body).toMatchObject({ status: 'none', form: null, submission: null });
    expect((await submit(u, ANSWERS, 1)).body.message).toBe(KYC_MSG.noForm);
    expect((await admin.client.put('/api/v1/admin/kyc/form', FORM)).status).toBe(403);
    const bad = await sadmin.client.put('/api/v1/admin/kyc/form', { fields: [{ ...FORM.fields[2], options: [] }] });
    expect([bad.status, bad.body.message]).toEqual([400, KYC_MSG.fieldOptions]);
    const dup = await sadmin.client.put('/api/v1/admin/kyc/form', { fields: [FORM.fields[0], FORM.fields[0]] });
    expect([dup.status, dup.body.message]).toEqual([400, KYC_MSG.formFields]);
    const saved = await sadmin.client.put('/api/v1/admin/kyc/form', FORM);
    expect(saved.status, saved.text).toBe(200);
    version = saved.body.form.version;
    expect(await auditCount(ctx, 'kyc.form_changed')).toBe(1);
    expect((await u.client.get('/api/v1/kyc')).body.form).toMatchObject({ version, fields: [{ key: 'full_name', labelAr: 'الاسم القانوني الكامل' }, {}, {}, {}, {}] });
  });
});

describe('a submission', () => {
  it('checks every answer and file; one waits at a time, even sent together; only its owner and admins see its documents', async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ANSWERS, full_name: '' }, KYC_MSG.answerRequired('Full legal name')],
      // Control and direction characters (the shared one-line rule, zero-width and line separators included).
      [{ ...ANSWERS, full_name: 'Eve\u202eevil' }, KYC_MSG.answerInvalid('Full legal name')],
      [{ ...ANSWERS, full_name: 'Eve\u200bZero' }, KYC_MSG.answerInvalid('Full legal name')],
      [{ ...ANSWERS, full_name: 'Eve\u2028Line' }, KYC_MSG.answerInvalid('Full legal name')],
      [{ ...ANSWERS, birth: '1990-02-30' }, KYC_MSG.answerInvalid('Date of birth')],
      [{ ...ANSWERS, doc_type: 'Driving licence' }, KYC_MSG.answerInvalid('Document')],
      [{ ...ANSWERS, doc_number: '12ab' }, KYC_MSG.answerInvalid('Document number')],
      [{ ...ANSWERS, doc: 'not a file' }, KYC_MSG.answerInvalid('Document photo')],
      [{ ...ANSWERS, doc: file('passport.png', PDF) }, SUPPORT_MSG.fileType],
      [{ ...ANSWERS, doc: file('page.pdf', Buffer.from('<html><script>alert(1)</script>')) }, SUPPORT_MSG.fileType],
      [{ ...ANSWERS, doc: file('empty.png', Buffer.alloc(0)) }, SUPPORT_MSG.fileEmpty],
      [{ ...ANSWERS, doc: file('big.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)])) }, SUPPORT_MSG.fileTooLarge],
    ];
    for (const [answers, message] of cases) {
      const res = await submit(u, answers);
      expect([res.status, res.body.message], message).toEqual([400, message]);
    }
    const results = await Promise.all([submit(u), submit(u), submit(u)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === KYC_MSG.alreadyPending)).toBe(true);
    const mine = (await u.client.get('/api/v1/kyc')).body;
    expect(mine).toMatchObject({ status: 'pending', submission: { status: 'pending', answers: { full_name: 'Alice Example', doc_type: 'Passport' } } });
    const doc = mine.submission.documents[0];
    expect(doc).toMatchObject({ field: 'doc', name: 'passport.png', type: 'image/png' });
    expect((await other.client.get(`/api/v1/kyc/documents/${doc._id}`)).status).toBe(404);
    const own = await u.client.get(`/api/v1/kyc/documents/${doc._id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; /);
    const staff = await fetch(`${ctx.url}/api/v1/kyc/documents/${doc._id}`, { headers: { cookie: admin.client.cookieHeader() } });
    expect(Buffer.from(await staff.arrayBuffer()).equals(PNG)).toBe(true);
    // Another user cannot review: the desk is the admins'.
    expect((await other.client.post(`/api/v1/admin/kyc/submissions/${mine.submission._id}/review`, { decision: 'approve' })).status).toBe(403);
    expect((await other.client.get('/api/v1/admin/kyc/submissions')).status).toBe(403);
  });

  it('keeps the form version it answered when the form changes; an answer to the old version is refused', async () => {
    const u = await signUp(ctx);
    expect((await submit(u)).status).toBe(201);
    const changed = await sadmin.client.put('/api/v1/admin/kyc/form', { fields: [...FORM.fields, { key: 'address', kind: 'text', labelEn: 'Address', labelAr: 'العنوان', required: true }] });
    expect(changed.body.form.version).toBe(version + 1);
    const later = await signUp(ctx);
    expect((await submit(later, ANSWERS, version)).body.message).toBe(KYC_MSG.formChanged);
    const mine = (await u.client.get('/api/v1/kyc')).body;
    expect(mine.submission.form.version).toBe(version);
    expect(mine.submission.form.fields).toHaveLength(5);
    expect(mine.form.fields).toHaveLength(6);
    // Back to the first shape for the tests below (a third version).
    version = (await sadmin.client.put('/api/v1/admin/kyc/form', FORM)).body.form.version;
  });
});

describe('the review, and withdrawals', () => {
  it('rejected with a reason, resubmitted, approved: audited, notified; KYC_REQUIRED gates withdrawals until then', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 100_00);
    try {
      await setSettings({ kycRequired: 'withdrawals' });
      const refused = await u.client.post('/api/v1/withdraw', { amount: 10, paymentId: randomTronAddress() });
      expect([refused.status, refused.body.message]).toEqual([403, KYC_MSG.withdrawalNeedsKyc]);

      expect((await submit(u)).status).toBe(201);
      const again = await u.client.post('/api/v1/withdraw', { amount: 10, paymentId: randomTronAddress() });
      expect(again.status).toBe(403); // pending is not verified
      const first = (await pending()).find((s) => s.email === u.user.email)!;
      const noReason = await admin.client.post(`/api/v1/admin/kyc/submissions/${first._id}/review`, { decision: 'reject' });
      expect([noReason.status, noReason.body.message]).toEqual([400, KYC_MSG.reasonRequired]);
      // The reason reaches the user's page and notification: a direction override is refused, and nothing changes.
      const spoofed = await admin.client.post(`/api/v1/admin/kyc/submissions/${first._id}/review`, { decision: 'reject', reason: 'Blurred \u202eevorppa' });
      expect([spoofed.status, spoofed.body.message]).toEqual([400, KYC_MSG.reasonText]);
      expect((await pending()).some((s) => s._id === first._id)).toBe(true);
      const reject = await admin.client.post(`/api/v1/admin/kyc/submissions/${first._id}/review`, { decision: 'reject', reason: 'The photo is blurred' });
      expect([reject.status, reject.body.message]).toEqual([200, KYC_MSG.rejected]);
      expect((await admin.client.post(`/api/v1/admin/kyc/submissions/${first._id}/review`, { decision: 'approve' })).body.message).toBe(KYC_MSG.notPending);
      expect((await u.client.get('/api/v1/kyc')).body).toMatchObject({ status: 'rejected', submission: { status: 'rejected', reason: 'The photo is blurred' } });

      expect((await submit(u)).status).toBe(201);
      const second = (await pending()).find((s) => s.email === u.user.email)!;
      expect(second._id).not.toBe(first._id);
      expect((await admin.client.post(`/api/v1/admin/kyc/submissions/${second._id}/review`, { decision: 'approve' })).body.message).toBe(KYC_MSG.approved);
      expect((await u.client.get('/api/v1/kyc')).body.status).toBe('verified');
      expect((await submit(u)).body.message).toBe(KYC_MSG.alreadyVerified);

      const { rows } = await ctx.db.execute<{ action: string; actor_id: string; target_id: string }>(
        sql`select action, actor_id, target_id from audit_log where action like 'kyc.%' and target_id in (${first._id}, ${second._id}) order by created_at`,
      );
      expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['kyc.rejected', admin.user._id],
        ['kyc.approved', admin.user._id],
      ]);
      const kinds = await ctx.db.execute<{ kind: string; body: string }>(sql`select kind, body from notifications where user_id = ${u.user._id} and kind like 'kyc%' order by id`);
      expect(kinds.rows.map((r) => r.kind)).toEqual(['kyc_rejected', 'kyc_approved']);
      expect(kinds.rows[0].body).toContain('The photo is blurred');

      const ok = await u.client.post('/api/v1/withdraw', { amount: 10, paymentId: randomTronAddress() });
      expect(ok.status, ok.text).toBe(201);

      // Above a threshold only.
      const small = await signUp(ctx);
      await fund(ctx, small.user._id, 100_00);
      await setSettings({ kycRequired: 'withdrawals_above', kycThreshold: 50 });
      expect((await small.client.post('/api/v1/withdraw', { amount: 50, paymentId: randomTronAddress() })).status).toBe(201);
      const above = await small.client.post('/api/v1/withdraw', { amount: 50.01, paymentId: randomTronAddress() });
      expect([above.status, above.body.message]).toEqual([403, KYC_MSG.withdrawalNeedsKycAbove('50.00')]);
    } finally {
      await setSettings({ kycRequired: 'off' });
    }
    expect((await (await signUp(ctx)).client.post('/api/v1/withdraw', { amount: 1, paymentId: randomTronAddress() })).status).toBe(400); // no points, but not gated
  });
});

describe('document retention', () => {
  it('deletes a verified user’s documents past KYC_DOCUMENT_RETENTION_DAYS on the injected clock, keeping the decision', async () => {
    const verified = await signUp(ctx);
    const rejected = await signUp(ctx);
    expect((await submit(verified)).status).toBe(201);
    expect((await submit(rejected)).status).toBe(201);
    const list = await pending();
    const v = list.find((s) => s.email === verified.user.email)!;
    const r = list.find((s) => s.email === rejected.user.email)!;
    await admin.client.post(`/api/v1/admin/kyc/submissions/${v._id}/review`, { decision: 'approve' });
    await admin.client.post(`/api/v1/admin/kyc/submissions/${r._id}/review`, { decision: 'reject', reason: 'Unreadable' });
    const docs = async (id: string) => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from kyc_documents where submission_id = ${id}`)).rows[0].n;

    expect(await pruneKycDocuments(ctx.db, ctx.clock.now(), 0)).toBe(0); // 0 keeps them
    expect(await pruneKycDocuments(ctx.db, ctx.clock.now(), 30)).toBe(0); // not old enough
    ctx.clock.advance(31 * 24 * 3600_000);
    expect(await pruneKycDocuments(ctx.db, ctx.clock.now(), 30)).toBeGreaterThanOrEqual(1);
    expect(await docs(v._id)).toBe(0);
    expect(await docs(r._id)).toBe(1); // a user who is not verified keeps theirs
    const { rows } = await ctx.db.execute<{ status: string; reviewed_by: string; deleted: boolean }>(
      sql`select status, reviewed_by, documents_deleted_at is not null as deleted from kyc_submissions where id = ${v._id}`,
    );
    expect(rows[0]).toEqual({ status: 'verified', reviewed_by: admin.user._id, deleted: true });
    const client = await loginClient(ctx, verified.user.email, verified.password);
    expect((await client.get('/api/v1/kyc')).body).toMatchObject({ status: 'verified', submission: { documents: [], documentsDeleted: true } });
  });
});
