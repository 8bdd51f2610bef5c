// The window of an admin list read (GET /user/all, /deposit/deposit, /withdraw). Public-API clients (docs/product.md#drop-in-clients) send no paging
// parameters and count what they get, so such a read returns every row up to LIST_ALL_MAX, in the list's order,
// with `capped: true` when rows were left out; with page or limit the list pages as before.
// An unpaged read is 10,000 rows: PostgreSQL builds their JSON (the services' list…Json functions) and it is sent
// as it comes, without a JavaScript object per row.
import type { FastifyReply } from 'fastify';
import { ADMIN_PAGE_DEFAULT, LIST_ALL_MAX, listCappedMessage } from '@app/contract';
import { localise } from '../i18n.js';

export function listWindow(q: { page?: number; limit?: number }): { all: boolean; page: number; limit: number } {
  return { all: q.page === undefined && q.limit === undefined, page: q.page ?? 1, limit: q.limit ?? ADMIN_PAGE_DEFAULT };
}

/**
 * Sends an unpaged list: `{ success, message, <key>: rows, page: 1, limit: LIST_ALL_MAX, total, capped, …extra }`,
 * where `rowsJson` is the JSON array text of at most LIST_ALL_MAX rows and `more` says rows were left out.
 */
export function sendUnpaged(
  reply: FastifyReply,
  list: { key: string; noun: string; message: string; rowsJson: string; more: boolean; total: number; extra?: Record<string, unknown> },
) {
  const head = {
    success: true,
    // Sent as JSON text, past the hook that translates answers: its message is put in the request's language here.
    message: localise(reply.request, list.more ? listCappedMessage(list.noun, list.total) : list.message),
    page: 1,
    limit: LIST_ALL_MAX,
    total: list.total,
    capped: list.more,
    ...list.extra,
  };
  const body = `${JSON.stringify(head).slice(0, -1)},${JSON.stringify(list.key)}:${list.rowsJson}}`;
  return reply.type('application/json; charset=utf-8').send(body);
}
