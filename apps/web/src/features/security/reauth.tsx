// Sudo mode on the security page (decision 017). Adding or removing a passkey and turning two-factor sign-in
// on need the password (and, with two-factor sign-in on, a code) re-entered in this session within 5 minutes. When
// the server answers 403 `reauthRequired`, `withReauth` opens this dialog, sends POST /user/reauth, and runs the
// action again; Cancel ends the action quietly (`isReauthCancelled`). A native modal <dialog>: the page behind is
// inert, Escape cancels, focus starts on the password and returns to the button that started the action.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SECURITY_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider, useFieldErrors } from '../../components/ui/field-errors';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { t } from '../../lib/i18n';
import { reauthenticate } from './api';

/** The server's answer to a change that needs sudo mode. */
export function isReauthRequired(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && (err.data as { reauthRequired?: unknown } | undefined)?.reauthRequired === true;
}

class ReauthCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ReauthCancelled';
  }
}
/** The person closed the dialog: the action ends without a message. */
export const isReauthCancelled = (err: unknown) => err instanceof ReauthCancelled;

type WithReauth = <T>(action: () => Promise<T>) => Promise<T>;
const ReauthContext = createContext<WithReauth>((action) => action());

/** `const withReauth = useReauth()`: `mutationFn: () => withReauth(() => addPasskey(name))`. */
export const useReauth = () => useContext(ReauthContext);

export function ReauthProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  const pendingRef = useRef<((ok: boolean) => void) | null>(null);
  /** The control that started the action (focused when it was clicked, before its form disabled it). */
  const openerRef = useRef<HTMLElement | null>(null);

  const ask = useCallback(
    (opener: HTMLElement | null) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.(false);
        pendingRef.current = resolve;
        openerRef.current = opener;
        setPending(() => resolve);
      }),
    [],
  );
  const answer = (ok: boolean) => {
    pendingRef.current?.(ok);
    pendingRef.current = null;
    setPending(null);
  };
  useEffect(() => () => pendingRef.current?.(false), []);

  const withReauth = useCallback<WithReauth>(
    async (action) => {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      try {
        return await action();
      } catch (err) {
        if (!isReauthRequired(err)) throw err;
        if (!(await ask(opener))) throw new ReauthCancelled();
        return action();
      }
    },
    [ask],
  );

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <ReauthDialog open={pending !== null} opener={openerRef} onDone={() => answer(true)} onCancel={() => answer(false)} />
    </ReauthContext.Provider>
  );
}

const formValue = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '').trim();

/** Focus back on `target` once it can take it (the action's button stays disabled until the action settles). */
function refocus(target: HTMLElement, frames = 60) {
  if (!target.isConnected) return;
  if ((target as HTMLButtonElement).disabled && frames > 0) {
    requestAnimationFrame(() => refocus(target, frames - 1));
    return;
  }
  target.focus();
}

function ReauthDialog({ open, opener, onDone, onCancel }: { open: boolean; opener: { current: HTMLElement | null }; onDone: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { user } = useSession();
  const twoFactor = Boolean(user?.twoFactor);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const fields = useFieldErrors({
    [SECURITY_MSG.passwordWrong]: 'password',
    [SECURITY_MSG.passwordRequired]: 'password',
    [SECURITY_MSG.codeRequired]: 'code',
    [SECURITY_MSG.codeInvalid]: 'code',
    [SECURITY_MSG.recoveryInvalid]: 'code',
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError('');
      fields.clear();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // `fields` is a new object each render; the dialog opens and closes with `open` alone.
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const target = opener.current;
      opener.current = null;
      if (target) refocus(target);
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [opener]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formValue(event, 'password');
    const code = twoFactor ? formValue(event, 'code') : '';
    setBusy(true);
    setError('');
    try {
      await reauthenticate({ password, ...(code === '' ? {} : /^\d[\d ]*$/.test(code) ? { code } : { recoveryCode: code }) });
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('Something went wrong')));
      fields.markRefused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <form ref={fields.formRef} className="flex flex-col gap-4 p-6" noValidate onSubmit={submit}>
          <h2 id={titleId} className="text-lg font-semibold">
            {t('Confirm it is you')}
          </h2>
          <p id={textId} className="text-sm text-slate-700 dark:text-slate-300">
            {twoFactor
              ? t('Changing how you sign in needs your password and a code from your authenticator app. You will not be asked again for 5 minutes.')
              : t('Changing how you sign in needs your password. You will not be asked again for 5 minutes.')}
          </p>
          <FieldErrorsProvider value={fields}>
            {/* The first field: showModal() focuses it. */}
            <Input label={t('Your password')} name="password" type="password" autoComplete="current-password" required disabled={busy} />
            {twoFactor && <Input label={t('Code from your app, or a recovery code')} name="code" autoComplete="one-time-code" required disabled={busy} />}
          </FieldErrorsProvider>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="secondary" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('Confirm')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
