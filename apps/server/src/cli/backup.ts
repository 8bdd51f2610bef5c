// `npm run backup [-- --out FILE]`: a consistent backup while the platform keeps serving (db/backup.ts), of
// DATABASE_URL or of the embedded database in DATA_DIR (the running server's, or started for the backup when the
// server is stopped). Writes DATA_DIR/backups/points-<time>.backup unless --out says otherwise; the file's path
// is the last line on stdout. Exits 1 with one sentence when it cannot.
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config.js';
import { runCli } from './run-cli.js';
import { BackupError, defaultBackupFile, takeBackup } from '../db/backup.js';
import { existingCluster, runningEmbeddedUrl, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js';

const say = (m: string) => console.error(`[backup] ${m}`);

function outArg(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') return argv[i + 1];
    if (argv[i].startsWith('--out=')) return argv[i].slice('--out='.length);
  }
  return undefined;
}

let embedded: EmbeddedDatabase | undefined;
await runCli(
  'backup',
  async () => {
    await loadDotEnv();
    const config = loadConfig();
    const out = outArg(process.argv.slice(2));
    if (process.argv.includes('--out') && !out) throw new BackupError('--out needs a file name: npm run backup -- --out /path/to/file.backup');
    let url = config.DATABASE_URL || ((await runningEmbeddedUrl(config.DATA_DIR)) ?? '');
    if (!url) {
      if (!existingCluster(config.DATA_DIR)) throw new BackupError(`DATA_DIR ${path.resolve(config.DATA_DIR)} holds no database: nothing to back up (set DATA_DIR or DATABASE_URL to the platform's).`);
      say('the platform is not running: starting its embedded PostgreSQL for the backup');
      embedded = await startEmbedded(config.DATA_DIR, say);
      url = embedded.url;
    }
    const file = out ? path.resolve(out) : defaultBackupFile(config.DATA_DIR);
    const started = Date.now();
    const result = await takeBackup(url, file);
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    say(`${rows} rows of ${Object.keys(result.rows).length} tables, ${result.bytes} bytes, in ${((Date.now() - started) / 1000).toFixed(1)} s (one snapshot)`);
    console.log(file);
  },
  async () => embedded?.stop(),
);
