// Closed accounts (a soft-deleted user): their money stays theirs. Nothing new may be credited to them (no
// deposit approval, no admin addition, no transfer), but a pending withdrawal deleted by an admin is still
// refunded into the account, and an admin may remove points to settle and pay out what is left.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../ledger/accounts.js';

/**
 * Whether the user's account is closed, read under a FOR SHARE lock on the user row: a concurrent deletion (which
 * takes a FOR NO KEY UPDATE lock on that row) either commits first and is seen here, or waits until this
 * transaction has committed, so no credit lands on an account closed in the meantime.
 */
export async function accountClosed(tx: Tx, userId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ closed: boolean }>(sql`select deleted_at is not null as closed from users where id = ${userId} for share`);
  return rows[0]?.closed ?? true;
}
