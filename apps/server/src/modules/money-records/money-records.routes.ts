import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_ALL_MAX } from '@app/contract';
import { requireAdmin } from '../../http/guards.js';
import { okResponse } from '../../http/route-helpers.js';
import { listWindow, sendUnpaged } from '../../http/list-window.js';
import { listAllRecordsJson, listRecords, type MoneyRecordKind, type RecordFilter, type RecordRow } from './money-records.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];
type ListAnswer = { success: boolean; message: string; page: number; limit: number; total: number; capped: boolean } & { [key in 'deposits' | 'withdrawals']?: unknown[] };

/**
 * The admins' list of a kind of record (GET /deposit/deposit, GET /withdraw), newest first, filtered by status and
 * e-mail. Without page and limit (public-API clients (docs/product.md#drop-in-clients)): every record up to LIST_ALL_MAX, as JSON built by PostgreSQL.
 */
export function adminRecordsRoute<Row extends RecordRow, Rec>(
  app: App,
  list: {
    url: string;
    tags: string[];
    summary: string;
    /** The records' key in the answer, and the noun of the capped message. */
    key: 'deposits' | 'withdrawals';
    querystring: z.ZodType<RecordFilter & { page?: number; limit?: number }>;
    record: z.ZodType;
    message: string;
    kind: MoneyRecordKind<Row, Rec>;
  },
) {
  const { db } = app.deps;
  app.get(
    list.url,
    {
      onRequest: requireAdmin,
      schema: {
        tags: list.tags,
        summary: list.summary,
        querystring: list.querystring,
        response: {
          // A computed key would type every field alike; the answer's type is written out instead.
          200: okResponse.extend({ [list.key]: z.array(list.record), page: z.number(), limit: z.number(), total: z.number(), capped: z.boolean() }) as unknown as z.ZodType<ListAnswer>,
        },
      },
    },
    async (req, reply) => {
      const { all, page, limit } = listWindow(req.query);
      if (all) {
        const r = await listAllRecordsJson(db, list.kind, req.query, LIST_ALL_MAX);
        return sendUnpaged(reply, { key: list.key, noun: list.key, message: list.message, rowsJson: r.json, more: r.more, total: r.total });
      }
      const { records, total } = await listRecords(db, list.kind, { ...req.query, page, limit });
      return { success: true, message: list.message, [list.key]: records, total, page, limit, capped: false };
    },
  );
}
