// Confirmations use the native modal <dialog>: the page behind is inert, Escape cancels, and focus
// starts on the safe choice for destructive actions and returns to the opener when the dialog closes.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from './button';
import { t } from '../../lib/i18n';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger: red confirm button, and focus starts on Cancel. */
  tone?: 'default' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = t('Confirm'),
  cancelLabel = t('Cancel'),
  tone = 'default',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  // Keep the DOM dialog in step with `open` (showModal/close are imperative only).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      (tone === 'danger' ? cancelRef : confirmRef).current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, tone]);

  // Return focus to whatever opened the dialog, if it is still in the page.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const target = opener.current;
      opener.current = null;
      if (target && target.isConnected) target.focus();
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(event) => {
        // Escape: let React state close it, so state and DOM never disagree.
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) cancels.
        if (event.target === event.currentTarget) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {message && (
            <div id={messageId} className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">
              {message}
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button ref={cancelRef} type="button" className={buttonClass('secondary')} onClick={onCancel}>
              {cancelLabel}
            </button>
            <button
              ref={confirmRef}
              type="button"
              className={buttonClass(tone === 'danger' ? 'danger' : 'primary')}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * `const { confirm, dialog } = useConfirm()`: render `dialog` once, then `if (await confirm({...}))`.
 * Only one question is open at a time; asking again answers the previous one with "no".
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((options: ConfirmOptions) => {
    pending.current?.(false);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setRequest({ ...options, resolve });
    });
  }, []);

  const answer = (ok: boolean) => {
    request?.resolve(ok);
    pending.current = null;
    setRequest(null);
  };

  // Unmounting with a question open answers it with "no" rather than leaving the caller waiting.
  useEffect(() => () => pending.current?.(false), []);

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message}
      confirmLabel={request?.confirmLabel}
      cancelLabel={request?.cancelLabel}
      tone={request?.tone}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { confirm, dialog };
}
