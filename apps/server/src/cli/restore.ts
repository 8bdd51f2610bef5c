// `npm run restore -- FILE`: restores a backup (db/backup.ts) into an EMPTY target: DATABASE_URL when set, else a
// DATA_DIR that holds no database yet (a new embedded PostgreSQL is made there). A target that holds anything is
// refused and left as it is. Afterwards the ledger is checked; the platform then starts on it with `npm start`.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config.js';
import { checkLedger } from '../ledger/check.js';
import { BackupError, readBackupHeader, restoreBackup } from '../db/backup.js';
import { runCli } from './run-cli.js';
import { createDb } from '../db/client.js';
import { LOCATION_FILE, existingCluster, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js';

const say = (m: string) => console.error(`[restore] ${m}`);

let embedded: EmbeddedDatabase | undefined;
let dataDir = '';
let madeCluster: string | undefined;
await runCli(
  'restore',
  async () => {
    await loadDotEnv();
    const config = loadConfig();
    const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
    if (!file) throw new BackupError('Name the backup to restore: npm run restore -- /path/to/points-….backup');
    if (!existsSync(file)) throw new BackupError(`${path.resolve(file)} does not exist.`);
    const header = await readBackupHeader(file);
    say(`backup of ${header.createdAt} (PostgreSQL ${header.postgres}, ${header.tables.length} tables)`);

    let url = config.DATABASE_URL;
    dataDir = path.resolve(config.DATA_DIR);
    if (!url) {
      const cluster = existingCluster(dataDir);
      if (cluster) {
        throw new BackupError(`DATA_DIR ${dataDir} already holds a database (${cluster}): restore only into an empty DATA_DIR — set DATA_DIR to a new folder — or an empty DATABASE_URL database; nothing was changed.`);
      }
      embedded = await startEmbedded(dataDir, say);
      madeCluster = existingCluster(dataDir) ?? undefined;
      url = embedded.url;
    }
    const result = await restoreBackup(file, url, say);
    const db = createDb(url, 2);
    const report = await checkLedger(db).finally(() => db.$client.end());
    if (!report.ok) {
      for (const b of report.breaches) console.error(`BREACH: ${b}`);
      throw new BackupError('The restored ledger does not check out (above): do not serve this database.');
    }
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    say(`restored ${rows} rows; ledger:check OK (${report.stats.transactions} transactions, ${report.stats.entries} entries)`);
    console.log(config.DATABASE_URL ? 'restored into DATABASE_URL' : `restored into DATA_DIR ${dataDir}`);
    madeCluster = undefined; // keep it
  },
  async () => {
    await embedded?.stop();
    if (madeCluster) {
      // The restore failed into a DATA_DIR that was empty: leave it empty again.
      await rm(madeCluster, { recursive: true, force: true });
      await rm(path.join(dataDir, 'postgres-credentials.json'), { force: true });
      await rm(path.join(dataDir, LOCATION_FILE), { force: true });
    }
  },
);
