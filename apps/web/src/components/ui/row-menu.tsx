// A row's less frequent and destructive actions (delete, mark pending again) behind one "More" button, so a list
// leads with its work and no row carries a red button. Each item still asks its own confirmation. A disclosure
// (a button that shows a list of buttons), closed by Escape, a click outside or choosing an item.
import { useEffect, useId, useRef, useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { Button } from './button';
import { t } from '../../lib/i18n';

export interface RowMenuItem {
  label: string;
  /** A fuller name for screen readers (e.g. "Delete ann@example.com"), when the label alone is ambiguous. */
  name?: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Why it is disabled. */
  title?: string;
}

/** `about`: what the row is (an e-mail), read after "More" so each row's button has its own name. */
export function RowMenu({ about, items, testId }: { about: string; items: RowMenuItem[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div ref={box} className="relative inline-block" data-testid={testId}>
      <Button ref={trigger} variant="secondary" className="whitespace-nowrap" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
        {t('More')}
        <span className="sr-only"> {about}</span>
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 z-10 mt-1 grid min-w-max gap-1 rounded-lg border border-slate-300 bg-white p-2 shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {items.map((item) => (
          <Button
            key={item.label}
            variant={item.danger ? 'danger' : 'secondary'}
            aria-label={item.name}
            title={item.title}
            disabled={item.disabled}
            className="justify-start whitespace-nowrap"
            onClick={() => {
              setOpen(false);
              item.onSelect();
            }}
          >
            {item.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
