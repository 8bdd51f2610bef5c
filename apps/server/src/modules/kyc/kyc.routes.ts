// Identity checks (docs/product.md#identity-checks): the user's status and submission under /kyc, the review desk
// and the form designer under /admin/kyc; the retention job runs in every instance (a delete is idempotent).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KYC_MSG, adminKycQuery, adminKycSubmission, attachmentQuery, kycForm, kycFormBody, kycReviewBody, kycStatusResponse, kycSubmission, kycSubmissionBody } from '@app/contract';
import { currentUser, requireAdmin, requireRole, requireUser } from '../../http/guards.js';
import { okResponse } from '../../http/route-helpers.js';
import { sendFile } from '../support/files.js';
import { currentForm, documentFor, listSubmissions, myKyc, pruneKycDocuments, reviewSubmission, saveForm, submitKyc } from './kyc.service.js';

/** Up to 30 file fields is more than anyone designs; a submission is bounded like a ticket: a few files of 5 MB. */
const KYC_BODY_LIMIT = 36 * 1024 * 1024;
const RETENTION_EVERY_MS = 60 * 60 * 1000;
const idParams = z.object({ id: z.uuid({ error: KYC_MSG.notFound }) });
const documentParams = z.object({ id: z.uuid({ error: KYC_MSG.documentNotFound }) });

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const tags = ['kyc'];

  let timer: NodeJS.Timeout | undefined;
  const prune = async () => {
    try {
      const n = await pruneKycDocuments(db, clock(), app.settings.get('kycDocumentRetentionDays'));
      if (n > 0) app.log.info({ deleted: n }, 'identity documents past their retention deleted');
    } catch (e) {
      app.log.warn({ err: e }, 'identity document retention failed; trying again at the next run');
    }
    timer = setTimeout(() => void prune(), RETENTION_EVERY_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void prune(), Math.floor(Math.random() * RETENTION_EVERY_MS));
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));

  app.get(
    '/kyc',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s identity check: status, latest submission (with a rejection’s reason) and the form to answer', response: { 200: kycStatusResponse } } },
    async (req) => ({ success: true, message: KYC_MSG.form, ...(await myKyc(db, currentUser(req).id)) }),
  );

  app.post(
    '/kyc/submissions',
    {
      onRequest: requireUser,
      bodyLimit: KYC_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send the identity check: an answer per field of the current form version; files as { name, data (base64) }',
        body: kycSubmissionBody,
        response: { 201: okResponse.extend({ submission: kycSubmission }) },
      },
    },
    async (req, reply) => reply.status(201).send({ success: true, message: KYC_MSG.submitted, submission: await submitKyc(db, clock, currentUser(req).id, req.body) }),
  );

  app.get(
    '/kyc/documents/:id',
    { onRequest: requireUser, schema: { tags, summary: 'A document of an identity check, for its user and admins only', params: documentParams, querystring: attachmentQuery } },
    async (req, reply) => {
      const me = currentUser(req);
      return sendFile(reply, await documentFor(db, { userId: me.id, staff: me.role !== 'USER' }, req.params.id), req.query.inline === '1');
    },
  );

  app.get(
    '/admin/kyc/submissions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Identity checks to review (admin), oldest first; ?status=verified|rejected for the decided ones',
        querystring: adminKycQuery,
        response: { 200: okResponse.extend({ submissions: z.array(adminKycSubmission), total: z.number(), page: z.number() }) },
      },
    },
    async (req) => ({ success: true, message: KYC_MSG.list, page: req.query.page, ...(await listSubmissions(db, req.query.status, req.query.page)) }),
  );

  app.post(
    '/admin/kyc/submissions/:id/review',
    { onRequest: requireAdmin, schema: { tags, summary: 'Approve, or reject with a reason, a pending identity check (admin; audited; the user is told)', params: idParams, body: kycReviewBody, response: { 200: okResponse } } },
    async (req) => ({ success: true, message: await reviewSubmission(db, clock, currentUser(req).id, req.params.id, req.body) }),
  );

  app.get(
    '/admin/kyc/form',
    { onRequest: requireRole('SADMIN'), schema: { tags, summary: 'The identity check form as it is now (super admin)', response: { 200: okResponse.extend({ form: kycForm.nullable() }) } } },
    async () => ({ success: true, message: KYC_MSG.form, form: await currentForm(db) }),
  );

  app.put(
    '/admin/kyc/form',
    { onRequest: requireRole('SADMIN'), schema: { tags, summary: 'Save the identity check form as a new version (super admin; audited); sent submissions keep theirs', body: kycFormBody, response: { 200: okResponse.extend({ form: kycForm }) } } },
    async (req) => ({ success: true, message: KYC_MSG.formSaved, form: await saveForm(db, currentUser(req).id, req.body.fields) }),
  );
};
