// Hashes and addresses (64-character transaction IDs, payout addresses) would push a phone's page sideways:
// they show as `abcd1234…ef56` with a copy button; the full value is in the title (hover), replaces the short
// form while focused, and is what screen readers read.
import { CopyButton } from './copy-button';
import { t } from '../../lib/i18n';

const HEAD = 8;
const TAIL = 4;

/** `value` shortened in the middle when longer than `HEAD + TAIL + 4` characters. */
export function middleShortened(value: string): string {
  return value.length > HEAD + TAIL + 4 ? `${value.slice(0, HEAD)}…${value.slice(-TAIL)}` : value;
}

/** A long machine value; `what` names it in the copy button and its toast ("Transaction ID"). */
export function LongValue({ value, what }: { value: string; what: string }) {
  const short = middleShortened(value);
  if (short === value) return <span className="font-mono [overflow-wrap:anywhere]">{value}</span>;
  return (
    <span className="inline-flex max-w-full items-start gap-1">
      <span
        tabIndex={0}
        title={value}
        className="group min-w-0 rounded font-mono focus:outline-2 focus:outline-offset-2 focus:outline-emerald-700 dark:focus:outline-emerald-300"
      >
        <span aria-hidden="true" className="whitespace-nowrap group-focus:hidden">
          {short}
        </span>
        <span className="sr-only group-focus:not-sr-only group-focus:break-all">{value}</span>
      </span>
      <CopyButton text={value} what={what} ariaLabel={t('Copy {what}', { what: short })} compact />
    </span>
  );
}
