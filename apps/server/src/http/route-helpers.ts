// Helpers shared by the money routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeLike } from '../db/trigram-search.js';

/**
 * Inside the calling plugin only: a JSON request with an empty body is read as no body, so
 * "POST with Content-Type: application/json and nothing else" works like a POST with no body at all.
 */
export function allowEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, done);
  });
}

export const okResponse = z.object({ success: z.boolean(), message: z.string() });

/** The Idempotency-Key header of a request, if any (already validated by runMoneyOperation). */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  return key || undefined;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?email= filter of admin lists: a case-insensitive substring, with LIKE wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
