// The dashboard's charts. recharts is large, so this module is only ever loaded lazily by the dashboard page.
// Each chart is one image to assistive technology (its figures are in the page's data table instead).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactElement } from 'react';
import { formatPoints, type DashboardResponse } from '@app/contract';
import { useTheme } from '../../lib/theme';

type Series = DashboardResponse['series'];

// Colours with at least 3:1 contrast against the card in each theme (WCAG 1.4.11).
const PALETTE = {
  light: { deposits: '#047857', withdrawals: '#b91c1c', signups: '#1d4ed8', grid: '#cbd5e1', text: '#334155', tooltipBg: '#ffffff' },
  dark: { deposits: '#34d399', withdrawals: '#f87171', signups: '#60a5fa', grid: '#334155', text: '#cbd5e1', tooltipBg: '#0f172a' },
} as const;

const shortDay = (day: string) => day.slice(5); // MM-DD
const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const longDay = (day: unknown) => (typeof day === 'string' ? DAY_FORMAT.format(new Date(`${day}T00:00:00Z`)) : String(day));

function ChartFrame({ label, title, children }: { label: string; title: string; children: ReactElement }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div role="img" aria-label={label} className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export function DashboardCharts({ series }: { series: Series }) {
  const theme = useTheme();
  const c = PALETTE[theme];
  const axis = { stroke: c.text, tick: { fill: c.text, fontSize: 12 } };
  const tooltip = {
    contentStyle: { background: c.tooltipBg, borderColor: c.grid, color: c.text },
    labelStyle: { color: c.text },
    labelFormatter: longDay,
  };
  const totalDeposits = series.reduce((s, d) => s + d.deposits, 0);
  const totalWithdrawals = series.reduce((s, d) => s + d.withdrawals, 0);
  const totalSignups = series.reduce((s, d) => s + d.signups, 0);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartFrame
        title="Deposits and withdrawals per day (USDT)"
        label={`Line chart of deposits and withdrawals per day over the last ${series.length} days: ${formatPoints(totalDeposits)} USDT deposited and ${formatPoints(totalWithdrawals)} USDT withdrawn in total. Daily figures are in the data table.`}
      >
        <LineChart data={series} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} {...axis} />
          <YAxis width={64} {...axis} />
          <Tooltip {...tooltip} formatter={(v) => `${formatPoints(Number(v))} USDT`} />
          <Legend wrapperStyle={{ color: c.text }} />
          <Line type="linear" dataKey="deposits" name="Deposits" stroke={c.deposits} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="linear"
            dataKey="withdrawals"
            name="Withdrawals"
            stroke={c.withdrawals}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFrame>
      <ChartFrame
        title="Sign-ups per day"
        label={`Bar chart of sign-ups per day over the last ${series.length} days: ${totalSignups} in total. Daily figures are in the data table.`}
      >
        <BarChart data={series} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} {...axis} />
          <YAxis width={40} allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: c.grid, fillOpacity: 0.3 }} />
          <Bar dataKey="signups" name="Sign-ups" fill={c.signups} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
    </div>
  );
}
