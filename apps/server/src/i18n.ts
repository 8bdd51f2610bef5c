// The language of a request and of its answer's `message` (docs/i18n.md). Everything in the server writes its messages
// in English, as docs/product.md and the contract have them; this one place turns the `message` of every JSON answer into
// the request's language just before it is serialised (the dictionary is the contract's messages-ar.ts). English
// answers are not touched, so they stay byte for byte what they were.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, translateMessage, type Language } from '@app/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's language: the logged-in user's saved language, else the Accept-Language header (q-values
     * respected, `ar-AE` is Arabic), else English. Read when needed, so an answer given before the session is
     * looked up (a refused CSRF check) follows the header.
     */
    readonly lang: Language;
  }
}

/** Requests whose language is known before their session is (a sign-in answers in the signed-in user's language). */
const chosen = new WeakMap<FastifyRequest, Language>();

export function requestLanguage(req: FastifyRequest): Language {
  return chosen.get(req) ?? req.user?.language ?? languageFromAcceptLanguage(req.headers['accept-language']);
}

/** This request answers in `lang` from now on: a sign-in, in the language saved on the account it signed in to. */
export function answerIn(req: FastifyRequest, lang: Language) {
  chosen.set(req, lang);
}

/** `english` in the request's language (for answers sent as ready-made JSON text, which the hook below cannot see). */
export function localise(req: FastifyRequest, english: string): string {
  return translateMessage(requestLanguage(req), english);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The answer with its `message` in the request's language (the same object when nothing changes). */
export function localiseAnswer(req: FastifyRequest, payload: unknown): unknown {
  if (!isPlainObject(payload) || typeof payload.message !== 'string') return payload;
  const lang = requestLanguage(req);
  if (lang === 'en') return payload;
  const message = translateMessage(lang, payload.message);
  return message === payload.message ? payload : { ...payload, message };
}

export default fp(
  async (app) => {
    app.decorateRequest('lang', {
      getter(this: FastifyRequest) {
        return requestLanguage(this);
      },
    });
    // Every object answer (routes, the error handler, the not-found handler) passes here before serialisation.
    app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => localiseAnswer(req, payload));
  },
  { name: 'i18n', dependencies: ['session'] },
);
