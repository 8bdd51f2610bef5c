import { useState } from 'react';
import { useFieldErrors, type FieldErrorState } from '../../components/ui/field-errors';

type SubmitDeps = typeof import('./submit-deps');
const loadDeps = () => import('./submit-deps');

interface AuthSubmit<V, T> {
  /** The form's values checked with a shared schema (toasting the first message, marking `fields`), or null: not sent. */
  validate: (deps: SubmitDeps, form: FormData, fields: FieldErrorState) => V | null;
  /** `onRefused`: give it to the API call, so a refusal about one field marks that field. */
  call: (deps: SubmitDeps, values: V, onRefused: (err: unknown) => void) => Promise<T>;
  onSuccess?: (data: T, deps: SubmitDeps) => unknown;
  /** The server's messages that are about one field of the form → that field's name. */
  fieldOfMessage?: Record<string, string>;
}

/**
 * The submit of a public account form, as useMutation ran it (pending while the call and its
 * onSuccess run; the last answer as `data`), with validation, API client and toasts loaded when
 * the form is first touched (`prefetch`) or sent: the page paints without them (spec perf target).
 */
export function useAuthSubmit<V, T>({ validate, call, onSuccess, fieldOfMessage }: AuthSubmit<V, T>) {
  const fields = useFieldErrors(fieldOfMessage);
  const [pending, setPending] = useState(false);
  const [data, setData] = useState<T>();
  const submit = async (form: FormData) => {
    const deps = await loadDeps();
    const values = validate(deps, form, fields);
    if (values === null) return;
    setPending(true);
    setData(undefined);
    try {
      const answer = await call(deps, values, fields.markRefused);
      setData(answer);
      await onSuccess?.(answer, deps);
    } finally {
      setPending(false);
    }
  };
  return { submit: (form: FormData) => void submit(form), pending, data, fields, prefetch: () => void loadDeps() };
}
