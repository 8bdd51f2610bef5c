import { boolean, customType, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Support tickets (migration 0025, decision 022): read and written by modules/support. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull().unique('support_tickets_number_unique'),
    userId: uuid('user_id').notNull().references(() => users.id),
    subject: text('subject').notNull(),
    category: text('category', { enum: ['deposit', 'withdrawal', 'account', 'videos', 'other'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] }).notNull().default('open'),
    aboutKind: text('about_kind', { enum: ['deposit', 'withdrawal'] }),
    aboutId: uuid('about_id'),
    assignedTo: uuid('assigned_to').references(() => users.id),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastUserMessageAt: timestamp('last_user_message_at', { withTimezone: true }).notNull(),
    lastStaffReplyAt: timestamp('last_staff_reply_at', { withTimezone: true }),
    userReadAt: timestamp('user_read_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.updatedAt), index('support_tickets_desk_idx').on(t.status, t.waitingSince)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull().references(() => supportTickets.id),
    authorId: uuid('author_id').notNull().references(() => users.id),
    staff: boolean('staff').notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt), index('support_messages_author_idx').on(t.authorId, t.createdAt)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull().references(() => supportMessages.id),
    ticketId: uuid('ticket_id').notNull().references(() => supportTickets.id),
    /** The file's place among its message's files (as sent). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId, t.position)],
);
