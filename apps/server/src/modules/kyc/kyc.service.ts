// Identity checks (docs/product.md#identity-checks): the versioned form, a user's submission with documents (the
// file rules of support tickets), the admins' decision (audited, notified), and the retention of documents.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  KYC_MSG,
  type AdminKycSubmission,
  type KycField,
  type KycForm,
  type KycStatus,
  type KycSubmission,
  type AttachmentInput,
  hasRefusedOneLineChar,
} from '@app/contract';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { kycDocuments, kycForms, kycSubmissions, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound, PG, pgCode } from '../../errors.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notify.js';
import { checkFiles, type CheckedFile } from '../support/files.js';

type SubmissionRow = typeof kycSubmissions.$inferSelect;

export async function currentForm(db: DbOrTx): Promise<KycForm | null> {
  const [row] = await db.select().from(kycForms).orderBy(desc(kycForms.version)).limit(1);
  return row ? { version: row.version, fields: row.fields as KycField[] } : null;
}

async function formOf(db: DbOrTx, version: number): Promise<KycForm> {
  const [row] = await db.select().from(kycForms).where(eq(kycForms.version, version));
  return { version: row.version, fields: row.fields as KycField[] };
}

/** A new version of the form (SADMIN); submissions already sent keep the version they answered. */
export async function saveForm(db: Db, actorId: string, fields: KycField[]): Promise<KycForm> {
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId, ['SADMIN']);
    const before = await currentForm(tx);
    const [row] = await tx.insert(kycForms).values({ fields, createdBy: actorId }).returning();
    await recordAudit(tx, { actorId, action: 'kyc.form_changed', targetType: 'kyc_form', targetId: String(row.version), before: before?.fields ?? null, after: fields });
    return { version: row.version, fields };
  });
}

async function documentsOf(db: DbOrTx, submissionId: string) {
  const rows = await db
    .select({ _id: kycDocuments.id, field: kycDocuments.field, name: kycDocuments.name, type: kycDocuments.contentType, size: kycDocuments.size })
    .from(kycDocuments)
    .where(eq(kycDocuments.submissionId, submissionId))
    .orderBy(asc(kycDocuments.createdAt), asc(kycDocuments.field));
  return rows;
}

async function toRecord(db: DbOrTx, s: SubmissionRow): Promise<KycSubmission> {
  return {
    _id: s.id,
    status: s.status,
    reason: s.reason,
    form: await formOf(db, s.formVersion),
    answers: s.answers as Record<string, string>,
    documents: await documentsOf(db, s.id),
    documentsDeleted: s.documentsDeletedAt !== null,
    createdAt: s.createdAt.toISOString(),
    reviewedAt: s.reviewedAt ? s.reviewedAt.toISOString() : null,
  };
}

async function latestOf(db: DbOrTx, userId: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.createdAt)).limit(1);
  return row;
}

/** A user's status: that of their latest submission (verified stays verified), or `none`. */
export async function kycStatusOf(db: DbOrTx, userId: string): Promise<KycStatus> {
  const { rows } = await db.execute<{ status: KycStatus }>(sql`
    select case when bool_or(status = 'verified') then 'verified'
                else (array_agg(status order by created_at desc))[1] end as status
    from kyc_submissions where user_id = ${userId}`);
  return rows[0]?.status ?? 'none';
}

export async function myKyc(db: DbOrTx, userId: string) {
  const latest = await latestOf(db, userId);
  return {
    status: await kycStatusOf(db, userId),
    submission: latest ? await toRecord(db, latest) : null,
    form: await currentForm(db),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

/** The answers checked against the form: text answers kept, files checked from their bytes. */
function checkAnswers(form: KycForm, answers: Record<string, string | AttachmentInput>): { text: Record<string, string>; files: (CheckedFile & { field: string })[] } {
  const text: Record<string, string> = {};
  const files: (CheckedFile & { field: string })[] = [];
  for (const field of form.fields) {
    const value = answers[field.key];
    const empty = value === undefined || value === '';
    if (empty) {
      if (field.required) throw badRequest(KYC_MSG.answerRequired(field.labelEn));
      continue;
    }
    if (field.kind === 'file') {
      if (typeof value === 'string') throw badRequest(KYC_MSG.answerInvalid(field.labelEn));
      files.push({ ...checkFiles([value])[0], field: field.key });
      continue;
    }
    if (typeof value !== 'string') throw badRequest(KYC_MSG.answerInvalid(field.labelEn));
    const ok =
      field.kind === 'text'
        ? !hasRefusedOneLineChar(value)
        : field.kind === 'number'
          ? NUMBER.test(value)
          : field.kind === 'date'
            ? DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
            : field.options.some((o) => o.en === value);
    if (!ok) throw badRequest(KYC_MSG.answerInvalid(field.labelEn));
    text[field.key] = value;
  }
  return { text, files };
}

export async function submitKyc(db: Db, clock: Clock, userId: string, body: { version: number; answers: Record<string, string | AttachmentInput> }): Promise<KycSubmission> {
  const form = await currentForm(db);
  if (!form) throw conflict(KYC_MSG.noForm);
  if (body.version !== form.version) throw conflict(KYC_MSG.formChanged);
  const { text, files } = checkAnswers(form, body.answers);
  try {
    return await inTransaction(db, async (tx) => {
      const status = await kycStatusOf(tx, userId);
      if (status === 'verified') throw conflict(KYC_MSG.alreadyVerified);
      if (status === 'pending') throw conflict(KYC_MSG.alreadyPending);
      const now = clock();
      const [row] = await tx.insert(kycSubmissions).values({ userId, formVersion: form.version, answers: text, createdAt: now }).returning();
      if (files.length > 0) {
        await tx.insert(kycDocuments).values(files.map((f) => ({ submissionId: row.id, field: f.field, name: f.name, contentType: f.type, size: f.bytes.length, data: f.bytes, createdAt: now })));
      }
      return toRecord(tx, row);
    });
  } catch (e) {
    // Two submissions at once: the one-pending index lets one in.
    if (pgCode(e) === PG.uniqueViolation) throw conflict(KYC_MSG.alreadyPending);
    throw e;
  }
}

/** The review desk: oldest first. */
export async function listSubmissions(db: DbOrTx, status: 'pending' | 'verified' | 'rejected', page: number): Promise<{ submissions: AdminKycSubmission[]; total: number }> {
  const PAGE = 20;
  const rows = await db
    .select({ s: kycSubmissions, email: users.email, fullName: users.fullName, reviewer: sql<string | null>`(select r.full_name from users r where r.id = ${kycSubmissions.reviewedBy})` })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.status, status))
    .orderBy(asc(kycSubmissions.createdAt), asc(kycSubmissions.id))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(kycSubmissions).where(eq(kycSubmissions.status, status));
  const submissions = await Promise.all(rows.map(async (r) => ({ ...(await toRecord(db, r.s)), email: r.email, fullName: r.fullName, reviewedBy: r.reviewer })));
  return { submissions, total: count.n };
}

/** Approve or reject a pending submission: audited and notified in the same transaction. */
export async function reviewSubmission(db: Db, clock: Clock, actorId: string, id: string, body: { decision: 'approve' | 'reject'; reason?: string }) {
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const [s] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update');
    if (!s) throw notFound(KYC_MSG.notFound);
    if (s.status !== 'pending') throw conflict(KYC_MSG.notPending);
    const approve = body.decision === 'approve';
    const reason = approve ? null : (body.reason ?? '');
    await tx
      .update(kycSubmissions)
      .set({ status: approve ? 'verified' : 'rejected', reason, reviewedBy: actorId, reviewedAt: clock() })
      .where(eq(kycSubmissions.id, s.id));
    await recordAudit(tx, {
      actorId,
      action: approve ? 'kyc.approved' : 'kyc.rejected',
      targetType: 'kyc_submission',
      targetId: s.id,
      before: { status: s.status },
      after: { status: approve ? 'verified' : 'rejected', reason, userId: s.userId },
    });
    if (approve) await notify(tx, { userId: s.userId, kind: 'kyc_approved', params: {} });
    else await notify(tx, { userId: s.userId, kind: 'kyc_rejected', params: { reason: reason ?? '' } });
    return approve ? KYC_MSG.approved : KYC_MSG.rejected;
  });
}

/** A document, for its owner or an admin; anyone else gets 404. */
export async function documentFor(db: DbOrTx, who: { userId: string; staff: boolean }, id: string) {
  const [row] = await db
    .select({ name: kycDocuments.name, contentType: kycDocuments.contentType, data: kycDocuments.data, owner: kycSubmissions.userId })
    .from(kycDocuments)
    .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycDocuments.submissionId))
    .where(eq(kycDocuments.id, id));
  if (!row || (!who.staff && row.owner !== who.userId)) throw notFound(KYC_MSG.documentNotFound);
  return row;
}

/**
 * KYC_DOCUMENT_RETENTION_DAYS (0: keep): the documents of a verified user sent more than that many days ago, and
 * verified that long ago, are deleted; the submission keeps its answers, its decision and who made it, stamped
 * documents_deleted_at. Returns how many documents went.
 */
export async function pruneKycDocuments(db: Db, now: Date, days: number): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{ submission_id: string }>(sql`
      delete from kyc_documents d using kyc_submissions s
      where d.submission_id = s.id and d.created_at < ${cutoff}
        and exists (select 1 from kyc_submissions v where v.user_id = s.user_id and v.status = 'verified' and v.reviewed_at < ${cutoff})
      returning d.submission_id`);
    const ids = [...new Set(rows.map((r) => r.submission_id))];
    if (ids.length > 0) {
      await tx
        .update(kycSubmissions)
        .set({ documentsDeletedAt: now })
        .where(and(sql`${kycSubmissions.id} in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`));
    }
    return rows.length;
  });
}
