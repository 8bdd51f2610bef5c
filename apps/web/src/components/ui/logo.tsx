// The app's mark (docs/voice.md#the-face): a coin seen face on, its rim open at the top right where a spark (a
// point earned) leaves it, and a T (Tron, Tether) struck in the middle. Drawn by hand for this project on a 32
// grid; the tile takes the brand green of each theme and the coin the page's background, so it reads in light and
// dark alike and stays sharp from the 16 px favicon (public/favicon.svg, the same drawing) up.
const COIN_RIM = 'M16 6.5a9.5 9.5 0 1 0 9.2 7.1';
const T = 'M11.5 11.5h9v2.6h-3.2v7.4h-2.6v-7.4h-3.2z';

/** The mark alone (the top bar at phone widths, the favicon). Decorative: the link around it carries the name. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`} data-testid="logo-mark">
      <rect width="32" height="32" rx="9" className="fill-emerald-700 dark:fill-emerald-400" />
      <path d={COIN_RIM} fill="none" strokeWidth="2.4" strokeLinecap="round" className="stroke-white dark:stroke-slate-950" />
      <circle cx="24" cy="8" r="2.2" className="fill-amber-300 dark:fill-amber-200" />
      <path d={T} className="fill-white dark:fill-slate-950" />
    </svg>
  );
}

/** The mark and the name, side by side (the name is the product's, in Latin letters in both languages). */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 text-lg font-semibold tracking-tight ${className}`}>
      <LogoMark />
      {/* The name on one line, from 420 px up: at phone widths the mark alone leaves the top bar its room. i18n-ignore */}
      <span className="hidden whitespace-nowrap min-[420px]:inline">USDT Points</span>
    </span>
  );
}
