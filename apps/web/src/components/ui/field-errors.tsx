// Which fields of a form are wrong and why (docs/product.md#web-client): a form holds one useFieldErrors() and puts it in
// <FieldErrorsProvider>; every <Input> of it reads its own message by `name`, marks itself aria-invalid,
// shows the message under it (aria-describedby) and clears it when edited. A message placed on a field is not
// repeated as a toast (docs/product.md#toasts): `mark` and `markRefused` say whether they placed it, and only a
// message no field took is toasted by the form.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../../lib/api-error';
import { t } from '../../lib/i18n';

/** Field name → the message shown under it. Insertion order is the order the problems were found. */
export type FieldErrors = Record<string, string>;

export interface FieldErrorState {
  errors: FieldErrors;
  formRef: RefObject<HTMLFormElement | null>;
  /**
   * Marks exactly these fields (others are cleared) and moves focus to the first of them. With none and an
   * `unplaced` message (a rule about the whole form, such as "Please fill all the fields"), marks the form's
   * empty required fields with it. True when some field now shows it.
   */
  mark: (errors: FieldErrors, unplaced?: string) => boolean;
  /** A refused call: marks the field the server's message is about, when this form knows which one (true then). */
  markRefused: (errOrMessage: unknown) => boolean;
  clear: (name?: string) => void;
}

const NO_ERRORS: Pick<FieldErrorState, 'errors' | 'clear'> = { errors: {}, clear: () => undefined };
const FieldErrorsContext = createContext<Pick<FieldErrorState, 'errors' | 'clear'>>(NO_ERRORS);

/**
 * `fieldOfMessage`: the server's answers that are about one field of this form (its message → the field's
 * name), e.g. "An account with this e-mail already exists" → email. Other refusals stay a toast only.
 */
export function useFieldErrors(fieldOfMessage: Record<string, string> = {}): FieldErrorState {
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const pendingFocus = useRef<string | null>(null);
  // Focus waits for a render where the field can take it: a form disables its fields while a call runs.
  useEffect(() => {
    const name = pendingFocus.current;
    if (!name) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (!target || (target as HTMLInputElement).disabled) return;
    pendingFocus.current = null;
    target.focus();
  });
  const mark = (next: FieldErrors, unplaced?: string) => {
    const marked = Object.keys(next).length || !unplaced ? next : emptyRequired(formRef.current, unplaced);
    pendingFocus.current = Object.keys(marked)[0] ?? null;
    setErrors(marked);
    return pendingFocus.current !== null;
  };
  return {
    errors,
    formRef,
    mark,
    markRefused: (errOrMessage) => {
      const message = typeof errOrMessage === 'string' ? errOrMessage : errorMessage(errOrMessage, '');
      // The server answers in the user's language: its message is the English key or that key's translation.
      const name = fieldOfMessage[message] ?? Object.entries(fieldOfMessage).find(([english]) => t(english) === message)?.[1];
      return name ? mark({ [name]: message }) : false;
    },
    clear: (name) =>
      setErrors((current) => {
        if (name === undefined) return Object.keys(current).length ? {} : current;
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest;
      }),
  };
}

function emptyRequired(form: HTMLFormElement | null, message: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[required], textarea[required]') ?? []) {
    if (element.name && !element.disabled && element.value.trim() === '') errors[element.name] = message;
  }
  return errors;
}

export function FieldErrorsProvider({ value, children }: { value: FieldErrorState; children: ReactNode }) {
  return <FieldErrorsContext.Provider value={{ errors: value.errors, clear: value.clear }}>{children}</FieldErrorsContext.Provider>;
}

/** The message of field `name` in the enclosing form (undefined when it is fine), and how to clear it. */
export function useFieldError(name: string | undefined): { error?: string; clear: () => void } {
  const { errors, clear } = useContext(FieldErrorsContext);
  return { error: name ? errors[name] : undefined, clear: () => name && clear(name) };
}
