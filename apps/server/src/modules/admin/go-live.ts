// The go-live checklist (docs/product.md#admin-pages, docs/operations.md): what stands between this installation and
// running real money, read fresh at each call from the settings, the database, the backup folder and the config.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_SUPPORT_ADDRESS, DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE, type GoLiveResponse } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { SettingsStore } from '../settings/settings.store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The newest `*.backup` in DATA_DIR/backups (where `npm run backup` writes by default), or null. */
async function lastBackup(dataDir: string): Promise<Date | null> {
  const dir = path.resolve(dataDir, 'backups');
  const names = await readdir(dir).catch(() => [] as string[]);
  let newest: Date | null = null;
  for (const name of names.filter((n) => n.endsWith('.backup'))) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s && (!newest || s.mtime > newest)) newest = s.mtime;
  }
  return newest;
}

export async function goLive(
  db: Db,
  settings: Pick<SettingsStore, 'get'>,
  env: { dataDir: string; appUrl: string; trustProxySet: boolean; proxiedRequestSeen: boolean; now: Date },
): Promise<GoLiveResponse['items']> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from users u
    where u.deleted_at is null and u.role in ('ADMIN', 'SADMIN')
      and not exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)`);
  const without2fa = rows[0].n;
  const backup = await lastBackup(env.dataDir);
  return [
    { id: 'admin2fa', ok: settings.get('admin2fa') === 'required' && without2fa === 0, count: without2fa, fix: '/admin/settings' },
    { id: 'backup', ok: backup !== null && env.now.getTime() - backup.getTime() < DAY_MS, at: backup?.toISOString() ?? null, fix: null },
    { id: 'chain', ok: settings.get('tronApiUrl') !== '' && (settings.get('depositAddress') !== '' || settings.get('tronXpub') !== ''), fix: '/admin/settings' },
    {
      id: 'supportContacts',
      // The contact page shows all three (docs/product.md#contact): a default left in any is a stranger's.
      ok:
        settings.get('supportEmail') !== DEFAULT_SUPPORT_EMAIL &&
        settings.get('supportPhone') !== DEFAULT_SUPPORT_PHONE &&
        settings.get('supportAddress') !== DEFAULT_SUPPORT_ADDRESS,
      fix: '/admin/settings',
    },
    { id: 'fourEyes', ok: settings.get('withdrawFourEyesAbove') > 0, fix: '/admin/settings' },
    { id: 'newAddressHold', ok: settings.get('withdrawNewAddressHoldHours') > 0, fix: '/admin/settings' },
    { id: 'trustProxy', ok: env.trustProxySet || !env.proxiedRequestSeen, fix: null },
    { id: 'appUrlHttps', ok: env.appUrl.startsWith('https://'), fix: null },
  ];
}
