// Support tickets (docs/product.md#support): a user writes to the operator about a deposit, a withdrawal, the
// account, videos or anything else; admins answer from the support desk. Files travel inside the JSON body as
// base64 (decision 022) and are checked on the server from their bytes, never from their names.
import { z } from 'zod';
import { multiLineText, oneLineText } from './one-line.js';

export const SUPPORT_CATEGORIES = ['deposit', 'withdrawal', 'account', 'videos', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** open: waiting for the operator; answered: waiting for the user; closed. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The file types a ticket (and an identity check) accepts, named by what their bytes are. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const SUPPORT_LIMITS = {
  subjectMax: 150,
  messageMax: 10_000,
  filesMax: 3,
  attachmentBytes: 5 * 1024 * 1024,
  attachmentNameMax: 200,
  openTicketsPerUser: 5,
  messagesPerHour: 20,
  reopenDays: 7,
} as const;

export const SUPPORT_MSG = {
  created: 'Ticket opened: we will answer here and tell you when we do',
  list: 'Tickets fetched successfully',
  ticket: 'Ticket fetched successfully',
  replied: 'Reply sent',
  noted: 'Internal note saved',
  closed: 'Ticket closed',
  reopened: 'Ticket reopened',
  assigned: 'Ticket assigned to you',
  notFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  recordNotFound: 'Choose one of your own deposits or withdrawals',
  subject: 'Give the ticket a subject of 1 to 150 characters',
  subjectText: 'Subject must be one line of text without control or direction characters',
  category: 'Choose a category: deposit, withdrawal, account, videos or other',
  message: 'Write your message in 1 to 10,000 characters',
  messageText: 'Message must not contain control or direction characters (line breaks are allowed)',
  tooManyFiles: 'At most 3 files per message',
  fileName: 'Each file needs a name of 1 to 200 characters',
  fileData: 'A file could not be read: send its content as base64',
  fileEmpty: 'A file is empty',
  fileTooLarge: 'Each file must be at most 5 MB',
  fileType: 'Only PNG, JPEG or WebP images and PDF documents are accepted (checked from the file’s content)',
  tooManyOpen: 'You already have 5 open tickets: close one or wait for an answer before opening another',
  tooManyMessages: 'You have sent 20 messages in the last hour: please wait before writing again',
  alreadyClosed: 'The ticket is already closed',
  notClosed: 'The ticket is not closed',
  reopenExpired: 'A ticket can be reopened within 7 days of being closed: please open a new one',
  closedReply: 'The ticket is closed: reopen it to write again',
} as const;

/** One file of a message: its name as the user's device gave it and its bytes in base64 (standard alphabet). */
export const attachmentInput = z.object({
  name: oneLineText(SUPPORT_MSG.fileName, {
    typeMessage: SUPPORT_MSG.fileName,
    min: 1,
    minMessage: SUPPORT_MSG.fileName,
    max: SUPPORT_LIMITS.attachmentNameMax,
    maxMessage: SUPPORT_MSG.fileName,
  }),
  // 5 MB of bytes is at most 6,990,508 base64 characters; a longer string is refused before it is decoded.
  data: z
    .string({ error: SUPPORT_MSG.fileData })
    .max(Math.ceil(SUPPORT_LIMITS.attachmentBytes / 3) * 4, SUPPORT_MSG.fileTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, SUPPORT_MSG.fileData),
});
export type AttachmentInput = z.infer<typeof attachmentInput>;
const attachments = z.array(attachmentInput).max(SUPPORT_LIMITS.filesMax, SUPPORT_MSG.tooManyFiles).default([]);

// Its refusals are collected where they are written (typeMessage…maxMessage), and messageText is in SUPPORT_MSG.
const message = multiLineText(SUPPORT_MSG.messageText, {
  typeMessage: SUPPORT_MSG.message,
  min: 1,
  minMessage: SUPPORT_MSG.message,
  max: SUPPORT_LIMITS.messageMax,
  maxMessage: SUPPORT_MSG.message,
});

/** POST /support/tickets/{id}/messages (the user) and, extended, the other bodies that carry a message. */
export const replyBody = z.object({ message, attachments });
export type ReplyBody = z.input<typeof replyBody>;

/** POST /support/tickets */
export const createTicketBody = replyBody.extend({
  subject: oneLineText(SUPPORT_MSG.subjectText, {
    typeMessage: SUPPORT_MSG.subject,
    min: 1,
    minMessage: SUPPORT_MSG.subject,
    max: SUPPORT_LIMITS.subjectMax,
    maxMessage: SUPPORT_MSG.subject,
  }),
  category: z.enum(SUPPORT_CATEGORIES, { error: SUPPORT_MSG.category }),
  /** The caller's own deposit or withdrawal the ticket is about. */
  about: z.object({ kind: z.enum(['deposit', 'withdrawal']), id: z.uuid() }, { error: SUPPORT_MSG.recordNotFound }).nullish(),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;
export type CreateTicketInput = z.output<typeof createTicketBody>;

/** POST /admin/support/tickets/{id}/messages (`internal`: a note users never see). */
export const adminReplyBody = replyBody.extend({ internal: z.boolean().default(false) });
export type AdminReplyBody = z.input<typeof adminReplyBody>;
export type AdminReplyInput = z.output<typeof adminReplyBody>;

export const attachmentRecord = z.object({ _id: z.string(), name: z.string(), type: z.string(), size: z.number() });

export const ticketMessage = z.object({
  _id: z.string(),
  /** Who wrote it: the ticket's user, or the operator (an admin; their name is shown to admins only). */
  from: z.enum(['user', 'staff']),
  authorName: z.string().optional(),
  internal: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(attachmentRecord),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketSummary = z.object({
  _id: z.string(),
  number: z.number(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  about: z.object({ kind: z.enum(['deposit', 'withdrawal']), id: z.string(), label: z.string() }).nullable(),
  /** The reader has not seen the other side's latest message. */
  unread: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const adminTicketSummary = ticketSummary.extend({
  email: z.string(),
  userId: z.string(),
  assignedTo: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Since when the user waits for an answer (their first unanswered message), or null. */
  waitingSince: z.string().nullable(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummary>;

export const ticketThread = ticketSummary.extend({ messages: z.array(ticketMessage) });
export type TicketThread = z.infer<typeof ticketThread>;

const recentRecord = z.object({ _id: z.string(), amount: z.number(), reference: z.string(), done: z.boolean(), createdAt: z.string() });
export const adminTicketThread = adminTicketSummary.extend({
  messages: z.array(ticketMessage),
  /** Beside the thread: the user's balance and last deposits and withdrawals. */
  account: z.object({ fullName: z.string(), balance: z.number(), deposits: z.array(recentRecord), withdrawals: z.array(recentRecord) }),
});
export type AdminTicketThread = z.infer<typeof adminTicketThread>;

/** ?inline=1 of GET /support/attachments/{id}: an image shown in the page rather than downloaded. */
export const attachmentQuery = z.object({ inline: z.enum(['1', '0']).optional() });

export const SUPPORT_PAGE_MAX = 100;
/** GET /admin/support/tickets */
export const adminTicketsQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(SUPPORT_PAGE_MAX, `limit must be at most ${SUPPORT_PAGE_MAX}`).default(20),
  status: z
    .union([z.enum(TICKET_STATUSES), z.literal('all'), z.literal('')])
    .optional()
    .transform((s) => (s === '' || s === 'all' ? undefined : s)),
  category: z
    .union([z.enum(SUPPORT_CATEGORIES), z.literal('all'), z.literal('')])
    .optional()
    .transform((s) => (s === '' || s === 'all' ? undefined : s)),
  mine: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((s) => s === 'true'),
  /** A piece of the user's e-mail or of the subject. */
  q: z.string().trim().max(200).optional(),
});
