import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterWanted } from '../lib/toaster-demand';

// TanStack Query's provider comes with each page that queries (lib/lazy-page.tsx), and the toaster
// once something may toast: a public page's first load needs neither.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  return (
    <>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
