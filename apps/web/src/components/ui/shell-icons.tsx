// The icons of the first load (top bar, home page), drawn as lucide-react draws them (same SVG, same
// `lucide lucide-<name>` classes; shapes from lucide, ISC licence) without its icon runtime, which
// would be a tenth of the shell. The lazily loaded pages keep importing from lucide-react.
import { createElement, type ReactNode, type SVGProps } from 'react';

export type ShellIcon = (props: Omit<SVGProps<SVGSVGElement>, 'children'>) => ReactNode;

/** A path's `d`, or another element with its attributes. */
type Shape = string | [tag: 'circle' | 'rect' | 'polyline', attributes: Record<string, string>];

/** An icon from lucide's shapes; a lazily loaded part of the shell (the tab bar) draws its own with it. */
export function icon(name: string, shapes: Shape[]): ShellIcon {
  const children = shapes.map((shape, key) =>
    typeof shape === 'string' ? createElement('path', { key, d: shape }) : createElement(shape[0], { key, ...shape[1] }),
  );
  return function Icon({ className, ...rest }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
        {...rest}
      >
        {children}
      </svg>
    );
  };
}

export const Menu = icon('menu', ['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const X = icon('x', ['M18 6 6 18', 'm6 6 12 12']);
export const Moon = icon('moon', [
  'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
]);
export const Sun = icon('sun', [
  ['circle', { cx: '12', cy: '12', r: '4' }],
  'M12 2v2',
  'M12 20v2',
  'm4.93 4.93 1.41 1.41',
  'm17.66 17.66 1.41 1.41',
  'M2 12h2',
  'M20 12h2',
  'm6.34 17.66-1.41 1.41',
  'm19.07 4.93-1.41 1.41',
]);
export const ArrowLeftRight = icon('arrow-left-right', ['M8 3 4 7l4 4', 'M4 7h16', 'm16 21 4-4-4-4', 'M20 17H4']);
export const Coins = icon('coins', [
  'M13.744 17.736a6 6 0 1 1-7.48-7.48',
  'M15 6h1v4',
  'm6.134 14.768.866-.5 2 3.464',
  ['circle', { cx: '16', cy: '8', r: '6' }],
]);
export const Package = icon('package', [
  'M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z',
  'M12 22V12',
  ['polyline', { points: '3.29 7 12 12 20.71 7' }],
  'm7.5 4.27 9 5.15',
]);
export const ShieldCheck = icon('shield-check', [
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
]);
export const Video = icon('video', [
  'm16 13 5.223 3.482a.5.5 0 0 0 .777-.416V7.87a.5.5 0 0 0-.752-.432L16 10.5',
  ['rect', { x: '2', y: '6', width: '14', height: '12', rx: '2' }],
]);
export const Wallet = icon('wallet', [
  'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1',
  'M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
]);
