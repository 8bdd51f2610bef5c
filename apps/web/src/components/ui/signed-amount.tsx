import { formatPoints } from '@app/contract';

/**
 * "+12.50" / "-12.50": the sign is in the text, colour only repeats it. Left to right in both languages, so the
 * sign stays before the digits in Arabic too.
 */
export function SignedAmount({ amount }: { amount: number }) {
  const credit = amount > 0;
  return (
    <span dir="ltr" className={credit ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}>
      {credit ? '+' : ''}
      {formatPoints(amount)}
    </span>
  );
}
