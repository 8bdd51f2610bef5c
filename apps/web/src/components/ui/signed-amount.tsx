import { formatPoints } from '@app/contract';

/** "+12.50" / "-12.50": the sign is in the text, colour only repeats it. */
export function SignedAmount({ amount }: { amount: number }) {
  const credit = amount > 0;
  return (
    <span className={credit ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}>
      {credit ? '+' : ''}
      {formatPoints(amount)}
    </span>
  );
}
