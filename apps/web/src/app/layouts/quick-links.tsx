// The spec's quick links (the full footer's column, the compact footer's line) and the footer's link style.
import { Link } from 'react-router';
import { msg, t } from '../../lib/i18n';

const QUICK_LINKS = [
  { to: '/contact', label: msg('Contact') },
  { to: '/allpackage', label: msg('Packages') },
  { to: '/blog', label: msg('Blog') },
  { to: '/about', label: msg('About Us') },
];

export const linkClass = 'text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300';

/** The spec's quick links, one list item each: the compact footer's line and the full footer's column. */
export function QuickLinkItems() {
  return QUICK_LINKS.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={linkClass}>
        {t(link.label)}
      </Link>
    </li>
  ));
}
