// The dashboard's charts. recharts is large, so this module is only ever loaded lazily by the dashboard page.
// Each chart is one image to assistive technology (its figures are in the page's data table instead).
// Bars, not lines, on a fixed window of zero-filled days (the server's series): with little data a line
// collapses to a spike, while a bar stands alone on its own day (docs/product.md#web-client). The legend is HTML text, saying
// what each amount counts (requests, whatever their state) so nobody reads a pending claim as credited money.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactElement } from 'react';
import { formatPoints, type DashboardResponse } from '@app/contract';
import { formatCount, t, useLang } from '../../lib/i18n';
import { formatDate } from '../../components/ui/date-time';
import { useTheme } from '../../lib/theme';

type Series = DashboardResponse['series'];

// Colours with at least 3:1 contrast against the card in each theme (WCAG 1.4.11).
const PALETTE = {
  light: { deposits: '#047857', withdrawals: '#b91c1c', signups: '#1d4ed8', grid: '#cbd5e1', text: '#334155', tooltipBg: '#ffffff' },
  dark: { deposits: '#34d399', withdrawals: '#f87171', signups: '#60a5fa', grid: '#334155', text: '#cbd5e1', tooltipBg: '#0f172a' },
} as const;

const shortDay = (day: string) => day.slice(5); // MM-DD
// A UTC day in the current language (read at render: a language switch re-renders the charts).
const longDay = (day: unknown) => (typeof day === 'string' ? formatDate(day, { day: true, utc: true }) : String(day));
// The figures' axis with thousands separators (12,500, not 12500), as every amount of the app is written.
const axisFigure = (value: unknown) => formatCount(Number(value));

interface LegendEntry {
  name: string;
  colour: string;
  /** What the figure counts, in words. */
  meaning: string;
}

function ChartFrame({ label, title, legend, children }: { label: string; title: string; legend: LegendEntry[]; children: ReactElement }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      {/* The drawing stays left to right inside (recharts anchors its texts that way); in Arabic its axes are mirrored instead. */}
      <div role="img" aria-label={label} className="h-64 w-full" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <ul className="mt-2 grid gap-1 text-sm text-slate-700 dark:text-slate-300" aria-label={t('Legend: {title}', { title })} data-testid="chart-legend">
        {legend.map((entry) => (
          <li key={entry.name} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1 inline-block h-3 w-3 shrink-0 rounded-sm" style={{ background: entry.colour }} />
            <span>
              <strong className="font-semibold text-slate-900 dark:text-slate-100">{entry.name}</strong>: {entry.meaning}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function DashboardCharts({ series }: { series: Series }) {
  const theme = useTheme();
  // Right to left, time runs from the right: the day axis is reversed and the figures' axis stands on the right.
  const rtl = useLang() === 'ar';
  const c = PALETTE[theme];
  const axis = { stroke: c.text, tick: { fill: c.text, fontSize: 12 } };
  const tooltip = {
    contentStyle: { background: c.tooltipBg, borderColor: c.grid, color: c.text, direction: rtl ? ('rtl' as const) : undefined },
    labelStyle: { color: c.text },
    labelFormatter: longDay,
  };
  const margin = rtl ? { top: 8, right: 0, bottom: 0, left: 16 } : { top: 8, right: 16, bottom: 0, left: 0 };
  const yOrientation = rtl ? ('right' as const) : ('left' as const);
  const totalDeposits = series.reduce((s, d) => s + d.deposits, 0);
  const totalWithdrawals = series.reduce((s, d) => s + d.withdrawals, 0);
  const totalSignups = series.reduce((s, d) => s + d.signups, 0);
  const deposits = t('Deposits');
  const withdrawals = t('Withdrawals');
  const signups = t('Sign-ups');

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartFrame
        title={t('Deposits and withdrawals requested per day (USDT)')}
        label={t(
          'Bar chart of deposits and withdrawals requested per day over the last {days} days, pending and credited alike: {deposits} USDT of deposits and {withdrawals} USDT of withdrawals in total. Daily figures are in the data table.',
          { days: series.length, deposits: formatPoints(totalDeposits), withdrawals: formatPoints(totalWithdrawals) },
        )}
        legend={[
          { name: deposits, colour: c.deposits, meaning: t('claims submitted that day, pending and approved (credited) alike') },
          { name: withdrawals, colour: c.withdrawals, meaning: t('requests submitted that day, pending and paid alike (held from the balance at once)') },
        ]}
      >
        <BarChart data={series} accessibilityLayer={false} margin={margin} barGap={1}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} reversed={rtl} {...axis} />
          <YAxis width={64} allowDecimals={false} orientation={yOrientation} tickFormatter={axisFigure} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: c.grid, fillOpacity: 0.3 }} formatter={(v) => `${formatPoints(Number(v))} USDT`} />
          <Bar dataKey="deposits" name={deposits} fill={c.deposits} maxBarSize={24} isAnimationActive={false} />
          <Bar dataKey="withdrawals" name={withdrawals} fill={c.withdrawals} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
      <ChartFrame
        title={t('Sign-ups per day')}
        label={t('Bar chart of member sign-ups per day over the last {days} days: {total} in total. Daily figures are in the data table.', {
          days: series.length,
          total: totalSignups,
        })}
        legend={[{ name: signups, colour: c.signups, meaning: t('new member accounts; staff (admins) are not counted') }]}
      >
        <BarChart data={series} accessibilityLayer={false} margin={margin}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} reversed={rtl} {...axis} />
          <YAxis width={40} allowDecimals={false} orientation={yOrientation} tickFormatter={axisFigure} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: c.grid, fillOpacity: 0.3 }} />
          <Bar dataKey="signups" name={signups} fill={c.signups} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
    </div>
  );
}
