import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { ledgerAccounts } from '../db/schema/index.js';

export const SYSTEM_ACCOUNTS = [
  'external:deposits',
  'external:withdrawals',
  'hold:withdrawals',
  'income:subscriptions',
  'income:withdrawal_fees',
  'expense:rewards',
  'expense:referrals',
  'equity:adjustments',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** Every user gets a wallet account at sign-up, with a zero balance. */
export async function openUserAccount(tx: DbOrTx, userId: string): Promise<void> {
  await tx.insert(ledgerAccounts).values({ userId }).onConflictDoNothing();
}

export async function userBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ b: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  return rows[0]?.b ?? 0;
}
