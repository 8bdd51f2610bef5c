import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Identity checks (migration 0026, decision 022): read and written by modules/kyc. */
export const kycForms = pgTable('kyc_forms', {
  version: serial('version').primaryKey(),
  fields: jsonb('fields').notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    formVersion: integer('form_version').notNull().references(() => kycForms.version),
    answers: jsonb('answers').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] }).notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.createdAt),
    index('kyc_submissions_review_idx').on(t.status, t.createdAt),
    uniqueIndex('kyc_submissions_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id').notNull().references(() => kycSubmissions.id),
    field: text('field').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_documents_submission_idx').on(t.submissionId)],
);
