// Unsubscribe links (docs/product.md#notifications): `userId.category.mac`, the MAC an HMAC-SHA256 under a key this database made
// for itself (server_secrets, migration 0014), so every instance signs and checks alike and a restored backup's
// links keep working. A link never expires (an e-mail may be read years later) and only turns a category off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALWAYS_ON_CATEGORIES, NOTIFICATION_CATEGORIES, type NotificationCategory } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key (read once per pool: it never changes). */
export function unsubscribeKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db.execute<{ value: Buffer }>(sql`select value from server_secrets where name = 'unsubscribe'`).then(({ rows }) => {
      if (!rows[0]) throw new Error('server_secrets has no unsubscribe key (migration 0014)');
      return rows[0].value;
    });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, userId: string, category: string) => createHmac('sha256', key).update(`unsubscribe\n${userId}\n${category}`).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: string, category: NotificationCategory): string {
  return `${userId}.${category}.${mac(key, userId, category)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The user and category a token names, or null when it is malformed or its MAC is not ours. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; category: NotificationCategory } | null {
  const [userId, category, given, ...rest] = token.split('.');
  if (rest.length || !userId || !UUID.test(userId) || !given) return null;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category) || ALWAYS_ON_CATEGORIES.includes(category as NotificationCategory)) return null;
  const want = Buffer.from(mac(key, userId, category));
  const got = Buffer.from(given);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return { userId, category: category as NotificationCategory };
}
