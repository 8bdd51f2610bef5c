import { useState } from 'react';

type SubmitDeps = typeof import('./submit-deps');
const loadDeps = () => import('./submit-deps');

interface AuthSubmit<V, T> {
  /** The form's values checked with a shared schema (toasting the first message), or null: not sent. */
  validate: (deps: SubmitDeps, form: FormData) => V | null;
  call: (deps: SubmitDeps, values: V) => Promise<T>;
  onSuccess?: (data: T, deps: SubmitDeps) => unknown;
}

/**
 * The submit of a public account form, as useMutation ran it (pending while the call and its
 * onSuccess run; the last answer as `data`), with validation, API client and toasts loaded when
 * the form is first touched (`prefetch`) or sent: the page paints without them (spec perf target).
 */
export function useAuthSubmit<V, T>({ validate, call, onSuccess }: AuthSubmit<V, T>) {
  const [pending, setPending] = useState(false);
  const [data, setData] = useState<T>();
  const submit = async (form: FormData) => {
    const deps = await loadDeps();
    const values = validate(deps, form);
    if (values === null) return;
    setPending(true);
    setData(undefined);
    try {
      const answer = await call(deps, values);
      setData(answer);
      await onSuccess?.(answer, deps);
    } finally {
      setPending(false);
    }
  };
  return { submit: (form: FormData) => void submit(form), pending, data, prefetch: () => void loadDeps() };
}
