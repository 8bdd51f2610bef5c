// E-mail preferences (docs/product.md#notifications): a row in notification_email_off per category a user turned off; security has
// none (the contract refuses it, the table's check too). Unsubscribe links turn one category off.
import { ALWAYS_ON_CATEGORIES, NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationPreferences } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export async function emailPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const { rows } = await db.execute<{ category: string }>(sql`select category from notification_email_off where user_id = ${userId}`);
  const off = new Set(rows.map((r) => r.category));
  return Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, !off.has(c)])) as NotificationPreferences;
}

/** Sets the categories named (others stay as they are); idempotent. Security is always on. */
export async function setEmailPreferences(db: DbOrTx, userId: string, prefs: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const entries = Object.entries(prefs).filter(([c]) => !ALWAYS_ON_CATEGORIES.includes(c as NotificationCategory)) as [NotificationCategory, boolean][];
  const on = entries.filter(([, v]) => v).map(([c]) => c);
  const off = entries.filter(([, v]) => !v).map(([c]) => c);
  await db.execute(sql`
    with turned_on as (delete from notification_email_off where user_id = ${userId} and category = any(${sql.param(on)}::text[]))
    insert into notification_email_off (user_id, category) select ${userId}, c from unnest(${sql.param(off)}::text[]) c
    on conflict do nothing`);
  return emailPreferences(db, userId);
}
