import type { ReactNode } from 'react';

/** A page's heading block; every page has exactly one h1. */
export function PageHeader({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight break-words">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{intro}</p>}
    </header>
  );
}
