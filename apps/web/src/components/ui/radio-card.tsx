import type { ReactNode } from 'react';

interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  detail: ReactNode;
}

/** One choice of a radio group drawn as a card (a package, an audience): the whole card is the label. */
export function RadioCard({ name, value, checked, onChange, title, detail }: RadioCardProps) {
  return (
    <label className="flex cursor-pointer flex-col rounded-lg border border-slate-300 p-3 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-focus-visible:ring-2 has-focus-visible:ring-emerald-600 dark:border-slate-600 dark:has-checked:border-emerald-400 dark:has-checked:bg-emerald-950">
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          value={value}
          checked={checked}
          onChange={onChange}
          className="h-4 w-4 accent-emerald-700 dark:accent-emerald-400"
        />
        <span className="font-semibold">{title}</span>
      </span>
      <span className="mt-1 text-sm text-slate-700 tabular-nums dark:text-slate-300">{detail}</span>
    </label>
  );
}
