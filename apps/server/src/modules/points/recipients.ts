// The transfer page's checks before the confirm dialog (docs/product.md#transfers, docs/security.md#recipient-lookup):
// who an exact e-mail belongs to, and whom the user sent to lately. The look-up answers only a name, only for a live
// account that is not the caller, and refuses everything else with one text and one status from one query, so an
// unknown address, a closed account and oneself cannot be told apart.
import { sql } from 'drizzle-orm';
import { RECENT_RECIPIENTS_MAX, RECIPIENT_LOOKUPS_PER_WINDOW, RECIPIENT_LOOKUP_WINDOW_MS, RECIPIENT_MSG, initialsOf, type RecentRecipient, type Recipient } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { notFound } from '../../errors.js';
import { takeUserRate } from '../../services/throttle.js';

/** The throttle refused: how long to wait (the route sends it as Retry-After). */
export class LookupThrottled {
  constructor(readonly retryAfterS: number) {}
}

/** `email` is already normalised (lookupRecipientBody). Equality only: no pattern, no prefix, no case folding here. */
export async function lookupRecipient(db: Db, clock: Clock, me: { id: string }, email: string): Promise<Recipient | LookupThrottled> {
  const refused = await takeUserRate(db, clock, 'lookup', me.id, RECIPIENT_LOOKUPS_PER_WINDOW, RECIPIENT_LOOKUP_WINDOW_MS);
  if (refused) return new LookupThrottled(refused.retryAfterS);
  const { rows } = await db.execute<{ full_name: string }>(
    sql`select full_name from users where email = ${email} and deleted_at is null and id <> ${me.id}::uuid`,
  );
  if (!rows[0]) throw notFound(RECIPIENT_MSG.notFound);
  return { name: rows[0].full_name, initials: initialsOf(rows[0].full_name) };
}

/**
 * The last RECENT_RECIPIENTS_MAX distinct live accounts the user sent a transfer to, latest first: read from the
 * user's own ledger entries (the transfer's memo names the recipient), the newest 200 transfers at most.
 */
export async function recentRecipients(db: Db, me: { id: string }): Promise<RecentRecipient[]> {
  const { rows } = await db.execute<{ full_name: string; email: string }>(sql`
    with sent as (
      select (t.memo->>'toUserId')::uuid as to_id, e.id
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account_id = (select id from ledger_accounts where user_id = ${me.id}::uuid)
        and e.amount_cents < 0 and t.kind = 'transfer'
      order by e.id desc limit 200
    ), latest as (select to_id, max(id) as last_id from sent group by to_id)
    select u.full_name, u.email from latest join users u on u.id = latest.to_id and u.deleted_at is null
    order by latest.last_id desc limit ${RECENT_RECIPIENTS_MAX}`);
  return rows.map((r) => ({ name: r.full_name, initials: initialsOf(r.full_name), email: r.email }));
}
