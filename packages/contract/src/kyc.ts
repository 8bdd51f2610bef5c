// Identity checks (docs/product.md#identity-checks): a form the super admin designs (versioned: a submission keeps
// the version it answered), the user's submission with documents (the same file rules as support tickets), and an
// admin's decision. The setting KYC_REQUIRED decides which withdrawals need a verified user.
import { z } from 'zod';
import { multiLineText, oneLineText } from './one-line.js';
import { attachmentInput } from './support.js';

export const KYC_FIELD_KINDS = ['text', 'number', 'date', 'select', 'file'] as const;
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_LIMITS = { fieldsMax: 30, labelMax: 120, optionsMax: 30, answerMax: 500, reasonMax: 1000 } as const;

export const KYC_MSG = {
  form: 'Identity check form fetched successfully',
  formSaved: 'Identity check form saved: new submissions use it',
  formFields: 'The form needs 1 to 30 fields, each with a unique key',
  fieldKey: 'A field key is 1 to 40 lower-case letters, digits or _',
  fieldLabel: 'Each field needs an English and an Arabic label of 1 to 120 characters',
  fieldLabelText: 'A field label must be one line of text without control or direction characters',
  fieldOptions: 'A select field needs 1 to 30 options, each with an English and an Arabic label',
  noForm: 'Identity checks are not open yet: the operator has not designed the form',
  submitted: 'Submitted: an admin will review your documents',
  formChanged: 'The form has just changed: reload the page and fill it again',
  list: 'Identity checks fetched successfully',
  notFound: 'Submission not found',
  documentNotFound: 'Document not found',
  alreadyPending: 'Your identity check is already waiting for review',
  alreadyVerified: 'Your identity is already verified',
  answerRequired: (label: string) => `${label} is required`,
  answerInvalid: (label: string) => `${label} is not valid`,
  notPending: 'This submission was already decided',
  approved: 'Identity verified',
  rejected: 'Identity check rejected',
  reasonRequired: 'Give the reason of the rejection (1 to 1,000 characters)',
  reasonText: 'The reason must not contain control or direction characters (line breaks are allowed)',
  decision: 'Decide "approve" or "reject"',
  withdrawalNeedsKyc: 'Verify your identity before withdrawing: complete the identity check on your verification page',
  withdrawalNeedsKycAbove: (threshold: string) => `Withdrawals above ${threshold} points need a verified identity: complete the identity check on your verification page`,
} as const;

const label = oneLineText(KYC_MSG.fieldLabelText, {
  typeMessage: KYC_MSG.fieldLabel,
  min: 1,
  minMessage: KYC_MSG.fieldLabel,
  max: KYC_LIMITS.labelMax,
  maxMessage: KYC_MSG.fieldLabel,
});

export const kycField = z
  .object({
    key: z.string({ error: KYC_MSG.fieldKey }).regex(/^[a-z0-9_]{1,40}$/, KYC_MSG.fieldKey),
    kind: z.enum(KYC_FIELD_KINDS),
    labelEn: label,
    labelAr: label,
    required: z.boolean().default(true),
    options: z.array(z.object({ en: label, ar: label })).max(KYC_LIMITS.optionsMax, KYC_MSG.fieldOptions).default([]),
  })
  .refine((f) => f.kind !== 'select' || f.options.length > 0, { message: KYC_MSG.fieldOptions });
export type KycField = z.output<typeof kycField>;

/** PUT /admin/kyc/form (SADMIN): the whole form, in order; saved as a new version. */
export const kycFormBody = z.object({
  fields: z
    .array(kycField)
    .min(1, KYC_MSG.formFields)
    .max(KYC_LIMITS.fieldsMax, KYC_MSG.formFields)
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, { message: KYC_MSG.formFields }),
});
export type KycFormBody = z.input<typeof kycFormBody>;
export type KycFieldInput = z.input<typeof kycField>;

export const kycForm = z.object({ version: z.number(), fields: z.array(z.custom<KycField>()) });
export type KycForm = z.infer<typeof kycForm>;

/** POST /kyc/submissions: an answer per field key (text for text, number, date, select; a file for a file field). */
export const kycSubmissionBody = z.object({
  version: z.number().int(),
  answers: z.record(z.string().max(40), z.union([z.string().trim().max(KYC_LIMITS.answerMax), attachmentInput])),
});
export type KycSubmissionBody = z.input<typeof kycSubmissionBody>;

/** POST /admin/kyc/submissions/{id}/review */
export const kycReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: KYC_MSG.decision }),
    // Shown to the user on their page and in a notification: no control or direction characters (text.ts).
    reason: multiLineText(KYC_MSG.reasonText, { max: KYC_LIMITS.reasonMax, maxMessage: KYC_MSG.reasonRequired }).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason ?? '').length > 0, { message: KYC_MSG.reasonRequired, path: ['reason'] });

export const kycDocument = z.object({ _id: z.string(), field: z.string(), name: z.string(), type: z.string(), size: z.number() });

export const kycSubmission = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'verified', 'rejected']),
  reason: z.string().nullable(),
  form: kycForm,
  answers: z.record(z.string(), z.string()),
  documents: z.array(kycDocument),
  /** Documents deleted by the retention job (the decision stays). */
  documentsDeleted: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmission>;

export const adminKycSubmission = kycSubmission.extend({ email: z.string(), fullName: z.string(), reviewedBy: z.string().nullable() });
export type AdminKycSubmission = z.infer<typeof adminKycSubmission>;

/** GET /kyc: the caller's status, their latest submission, and the form a new one answers (null: none designed). */
export const kycStatusResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  status: z.enum(KYC_STATUSES),
  submission: kycSubmission.nullable(),
  form: kycForm.nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponse>;

export const adminKycQuery = z.object({
  status: z.enum(['pending', 'verified', 'rejected']).default('pending'),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
});
