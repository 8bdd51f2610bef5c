import type { FormEvent, ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { LogoMark } from '../../components/ui/logo';
import { FieldErrorsProvider, type FieldErrorState } from '../../components/ui/field-errors';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  onSubmit: (form: FormData) => void;
  /** Called when the form is first focused or pointed at: load what sending it needs. */
  onFirstUse?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** The form's wrong fields (use-auth-submit's `fields`, or a form's own useFieldErrors()). */
  fields?: FieldErrorState;
}

/** The frame of every account form. `noValidate`: the shared schemas give the product's messages, not the browser. */
export function AuthCard({ title, intro, onSubmit, onFirstUse, children, footer, fields }: AuthCardProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <LogoMark className="mb-4 h-10 w-10" />
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{intro}</p>}
        <form
          ref={fields?.formRef}
          noValidate
          onSubmit={submit}
          onFocus={onFirstUse}
          onPointerEnter={onFirstUse}
          className="mt-6 flex flex-col gap-4"
        >
          {fields ? <FieldErrorsProvider value={fields}>{children}</FieldErrorsProvider> : children}
        </form>
        {footer && <div className="mt-6 text-sm">{footer}</div>}
      </Card>
    </div>
  );
}

export const textLink = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
