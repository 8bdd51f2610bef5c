// Every form that moves money submits the same way (docs/money.md): one Idempotency-Key per attempt, kept while the
// same request is retried so a retry never moves money twice; the form locked while it is pending; the answer's
// message as a toast, or under the field a refusal is about (not both: docs/product.md#toasts); a success takes
// down the form's earlier error toasts; a confirmation first when the form asks.
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, type ApiEnvelope } from '../lib/api';
import { useIdempotencyKeys } from '../lib/idempotency-key';
import { actionStarted, formToast } from '../lib/toast';
import { useConfirm, type ConfirmOptions } from './ui/confirm-dialog';
import { SECURITY_MSG } from '@app/contract';
import { useFieldErrors } from './ui/field-errors';

/** What the form sends (a second-factor `code`, when it has the field, is added to it) and what it asks first. */
export interface MoneyAttempt<Body> {
  body: Body;
  confirm?: ConfirmOptions;
}

export interface MoneySubmitOptions<Body extends object, Data extends ApiEnvelope> {
  /** The request's name, e.g. `POST /withdraw`: with the body (not the code) it names the attempt's key. */
  request: string;
  send: (body: Body & { code?: string }, key: string) => Promise<Data>;
  /** The success toast when the answer carries no message. */
  done: () => string;
  /** The failure toast when the answer carries no message (or no answer came). */
  failed: (err: unknown) => string;
  /** The server's refusals that are about one field (message → the field's name); a wrong second-factor code is `code`'s. */
  fieldOfMessage?: Record<string, string>;
  /** After a success, e.g. to empty the form or show a receipt of what was sent. */
  onDone?: (data: Data, body: Body) => unknown;
  /** After either outcome: re-read what the operation may have changed. */
  refresh: () => Promise<unknown>;
}

export function useMoneySubmit<Body extends object, Data extends ApiEnvelope>(options: MoneySubmitOptions<Body, Data>) {
  const keys = useIdempotencyKeys();
  const { confirm, dialog } = useConfirm();
  const fields = useFieldErrors({ [SECURITY_MSG.codeInvalid]: 'code', [SECURITY_MSG.codeRequired]: 'code', ...options.fieldOfMessage });
  const mutation = useMutation({
    // A retry of the same request keeps its key whatever code it carries (the code is not the request).
    mutationFn: async ({ code, ...body }: Body & { code?: string }) => {
      // While the call runs, the live notification of this very action stays quiet: the answer tells it.
      const ended = actionStarted();
      try {
        return await keys.run(`${options.request} ${JSON.stringify(body)}`, (key) => options.send((code ? { ...body, code } : body) as Body, key));
      } finally {
        ended();
      }
    },
    onSuccess: async (data, { code: _code, ...body }) => {
      formToast(options.request, true, data.message || options.done());
      await options.onDone?.(data, body as Body);
    },
    onError: (err) => {
      if (!fields.markRefused(err)) formToast(options.request, false, errorMessage(err, options.failed(err)));
    },
    onSettled: options.refresh,
  });

  /** Asks first when `attempt.confirm` says so, then sends (with `code` when given). */
  const submit = async (attempt: MoneyAttempt<Body>, code?: string) => {
    if (mutation.isPending) return;
    if (attempt.confirm && !(await confirm(attempt.confirm))) return;
    mutation.mutate({ ...attempt.body, code });
  };

  /**
   * The form's onSubmit: `prepare` checks the values (its own toasts and field marks) and gives the attempt, or
   * nothing to stop there. The form's `code` field, when it has one, goes with the attempt.
   */
  const onSubmit = (prepare: () => MoneyAttempt<Body> | undefined) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '') || undefined;
    const attempt = prepare();
    if (attempt) void submit(attempt, code);
  };

  return { pending: mutation.isPending, fields, submit, onSubmit, dialog };
}
