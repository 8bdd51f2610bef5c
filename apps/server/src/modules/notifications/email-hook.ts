// What follows each notification in the transaction that wrote it (notify.ts calls this once per insert, with
// the rows just written): the e-mail job (decision 014) is enqueued here, in that same transaction, so an e-mail is
// queued exactly when its change committed. Owned by the e-mail work (modules/notifications/email*).
import type { WrittenNotification } from './notify.js';
import type { Tx } from '../../db/client.js';
import { enqueueNotificationEmails } from './email-jobs.js';

export async function afterNotify(tx: Tx, written: WrittenNotification[]): Promise<void> {
  await enqueueNotificationEmails(tx, written);
}
