// Platform settings (docs/operations.md): the table platform_settings is the truth; each instance keeps a copy in memory and
// features read it through `app.settings.get(name)`, never the environment. The environment only seeds a setting
// that has no row yet (the first start, or a setting a new release adds). A change commits with its audit record
// and a NOTIFY; every instance LISTENs and reloads at once, and also re-reads every RELOAD_INTERVAL_MS, so a lost
// notification or a dropped listener connection still leaves every instance current within 5 seconds.
import { sql } from 'drizzle-orm';
import { SETTINGS, SETTING_NAMES, settingToJson, type SettingName, type SettingsStored } from '@app/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { listenToChannel } from '../../db/listen.js';
import { recordAudit } from '../audit/audit.service.js';
import { recheckActor } from '../../services/actor.js';
import { inTransaction } from '../../db/transaction.js';

export const SETTINGS_CHANNEL = 'platform_settings';
export const RELOAD_INTERVAL_MS = 2_000;

export interface SettingsStore {
  get<K extends SettingName>(name: K): SettingsStored[K];
  all(): SettingsStored;
  /** Reads the table again (what a NOTIFY or the periodic re-read does). */
  reload(): Promise<void>;
  /** Saves the values of `patch` that differ from the stored ones, audited; returns the names that changed. */
  update(actorId: string, patch: Partial<SettingsStored>): Promise<SettingName[]>;
  close(): Promise<void>;
}

/** The first-start value of each setting: its environment variable, validated by config.ts with the same schema. */
export function settingsFromConfig(config: Config): SettingsStored {
  const env = config as unknown as Record<string, unknown>;
  return Object.fromEntries(SETTING_NAMES.map((n) => [n, env[SETTINGS[n].env]])) as SettingsStored;
}

/** A stored JSON value that does not fit the setting's kind (edited by hand?) is ignored, with a log line. */
function fits(name: SettingName, value: unknown): value is string | number {
  return SETTINGS[name].kind === 'text' ? typeof value === 'string' : Number.isSafeInteger(value) && (value as number) >= 0;
}

export async function openSettingsStore(db: Db, config: Config, log: { info(m: string): void; warn(m: string): void }): Promise<SettingsStore> {
  const defaults = settingsFromConfig(config);
  const values: SettingsStored = { ...defaults };
  let closed = false;

  // Seed the rows that do not exist yet; existing rows win over the environment.
  await db.execute(sql`
    insert into platform_settings (name, value)
    select s.name, s.value from jsonb_each(${JSON.stringify(defaults)}::jsonb) as s(name, value)
    on conflict (name) do nothing`);

  async function reload() {
    const { rows } = await db.execute<{ name: string; value: unknown }>(sql`select name, value from platform_settings`);
    for (const { name, value } of rows) {
      if (!(name in SETTINGS)) continue; // a setting of a newer release, or one since removed
      const n = name as SettingName;
      if (fits(n, value)) (values as Record<SettingName, string | number>)[n] = value;
      else log.warn(`settings: the stored ${n} (${JSON.stringify(value)}) is not valid; keeping ${JSON.stringify(values[n])}`);
    }
  }
  await reload();
  for (const n of SETTING_NAMES) {
    if (values[n] !== defaults[n]) {
      log.info(`settings: ${n} is ${JSON.stringify(settingToJson(n, values[n]))} (set on the settings page); ${SETTINGS[n].env} only seeds it on the first start`);
    }
  }

  const quietReload = () =>
    reload().catch((e: unknown) => {
      if (!closed) log.warn(`settings: could not re-read the settings (${String(e)}); keeping the last values`);
    });

  const listener = await listenToChannel(db, SETTINGS_CHANNEL, {
    onNotification: () => void quietReload(),
    onListening: () => void quietReload(), // a change made while no connection listened
  });
  const timer = setInterval(() => void quietReload(), RELOAD_INTERVAL_MS);
  timer.unref();

  return {
    get: (name) => values[name],
    all: () => ({ ...values }),
    reload,
    async update(actorId, patch) {
      const names = SETTING_NAMES.filter((n) => patch[n] !== undefined);
      const changed = await inTransaction(db, async (tx) => {
        // Still a live super admin when the change commits (a demotion in flight is seen or waits).
        await recheckActor(tx, actorId, ['SADMIN']);
        // Lock the rows (in name order, so two saves never deadlock) and read the values they replace.
        const { rows } = await tx.execute<{ name: SettingName; value: string | number }>(
          sql`select name, value from platform_settings where name in ${names} order by name for update`,
        );
        const current = new Map(rows.map((r) => [r.name, r.value]));
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const n of names) {
          const old = current.has(n) ? current.get(n)! : values[n];
          if (old === patch[n]) continue;
          before[n] = settingToJson(n, old);
          after[n] = settingToJson(n, patch[n]!);
          await tx.execute(sql`
            insert into platform_settings (name, value, updated_by, updated_at) values (${n}, ${JSON.stringify(patch[n])}::jsonb, ${actorId}, now())
            on conflict (name) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
        }
        const changedNames = Object.keys(after) as SettingName[];
        if (changedNames.length === 0) return changedNames;
        await recordAudit(tx, { actorId, action: 'settings.changed', targetType: 'settings', targetId: changedNames.join(','), before, after });
        await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${changedNames.join(',')})`); // delivered at commit
        return changedNames;
      });
      if (changed.length) await quietReload();
      return changed;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await listener.close();
    },
  };
}
