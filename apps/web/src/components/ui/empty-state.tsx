// What a list shows when it has nothing yet: a small picture and the sentence that says what will come
// (docs/voice.md#empty-states). The pictures are drawn for this project on a 96 × 72 grid, in the page's own
// colours (currentColor for the lines, the brand green and amber as accents, each theme's shade), so they sit on
// light and dark alike. Decorative: the sentence says it all.
import type { ReactNode } from 'react';

type Art = 'inbox' | 'people' | 'coins';

const line = 'stroke-slate-400 dark:stroke-slate-500';
const accent = 'fill-emerald-600/15 stroke-emerald-600 dark:fill-emerald-400/15 dark:stroke-emerald-400';
const warm = 'fill-amber-300 dark:fill-amber-300/80';

const ART: Record<Art, ReactNode> = {
  // A tray with a letter dropping in: notifications, tickets.
  inbox: (
    <>
      <path d="M14 40 24 18h48l10 22v18a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4Z" className={line} />
      <path d="M14 40h20l4 8h20l4-8h20" className={line} />
      <rect x="34" y="6" width="28" height="22" rx="3" className={accent} />
      <path d="m36 10 12 9 12-9" className="stroke-emerald-600 dark:stroke-emerald-400" />
    </>
  ),
  // Three people, the last one still a dashed outline: the team you have not built yet.
  people: (
    <>
      <circle cx="30" cy="24" r="8" className={accent} />
      <path d="M16 56a14 14 0 0 1 28 0" className={accent} />
      <circle cx="52" cy="22" r="9" className={line} />
      <path d="M36 58a16 16 0 0 1 32 0" className={line} />
      <circle cx="76" cy="26" r="7" strokeDasharray="3 3" className={line} />
      <path d="M64 56a12 12 0 0 1 24 0" strokeDasharray="3 3" className={line} />
    </>
  ),
  // A stack of coins beside an empty slot: no deposits or withdrawals yet.
  coins: (
    <>
      <ellipse cx="34" cy="52" rx="16" ry="5" className={line} />
      <path d="M18 52v-8c0 2.8 7.2 5 16 5s16-2.2 16-5v8" className={line} />
      <ellipse cx="34" cy="44" rx="16" ry="5" className={accent} />
      <path d="M18 44v-8c0 2.8 7.2 5 16 5s16-2.2 16-5v8" className={accent} />
      <ellipse cx="34" cy="36" rx="16" ry="5" className={`${warm} stroke-amber-600 dark:stroke-amber-300`} />
      <rect x="58" y="22" width="26" height="36" rx="4" strokeDasharray="4 3" className={line} />
      <path d="M71 34v12M65 40h12" className="stroke-emerald-600 dark:stroke-emerald-400" />
    </>
  ),
};

export function EmptyState({ art, children, testId }: { art: Art; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center text-slate-600 dark:text-slate-300" data-testid={testId ?? 'empty-state'}>
      <svg viewBox="0 0 96 72" aria-hidden="true" focusable="false" className="h-20 w-28" fill="none" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" data-testid="empty-art">
        {ART[art]}
      </svg>
      <div className="max-w-sm">{children}</div>
    </div>
  );
}
