import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { useFieldError } from './field-errors';
import { Trans } from '../../lib/i18n';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

const fieldClass =
  'w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 read-only:bg-slate-100 aria-invalid:border-red-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:read-only:bg-slate-800 dark:aria-invalid:border-red-400';

/**
 * A labelled field. Inside a form with field errors (field-errors.tsx) it marks itself wrong by its `name`:
 * aria-invalid, the message under it (after the hint, both in aria-describedby), cleared once edited.
 * A password field has a Show/Hide button whose name never contains the label, so the label stays unique.
 */
export function Input({ label, hint, id, className = '', type, onChange, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const { error, clear } = useFieldError(rest.name);
  const errorId = error ? `${inputId}-error` : undefined;
  const [revealed, setRevealed] = useState(false);
  const password = type === 'password';
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (error) clear();
    onChange?.(event);
  };
  const input = (
    <input
      id={inputId}
      // E-mail addresses and phone numbers read left to right in Arabic too.
      dir={type === 'email' || type === 'tel' ? 'ltr' : undefined}
      type={password && revealed ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      className={`${fieldClass} ${error ? '' : 'border-slate-400 dark:border-slate-500'} ${password ? 'pe-20' : ''} ${className}`}
      onChange={change}
      {...rest}
    />
  );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {password ? (
        <div className="relative">
          {input}
          <button
            type="button"
            aria-pressed={revealed}
            aria-controls={inputId}
            disabled={rest.disabled}
            onClick={() => setRevealed((shown) => !shown)}
            className="absolute inset-y-1 end-1 rounded-md px-3 text-sm font-semibold text-emerald-800 hover:bg-slate-100 disabled:opacity-50 dark:text-emerald-300 dark:hover:bg-slate-800"
          >
            {/* The visible word, and "password" for screen readers only ("Show password"). */}
            {revealed ? (
              <Trans id="Hide<0> password</0>" components={{ 0: <span className="sr-only" /> }} />
            ) : (
              <Trans id="Show<0> password</0>" components={{ 0: <span className="sr-only" /> }} />
            )}
          </button>
        </div>
      ) : (
        input
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
