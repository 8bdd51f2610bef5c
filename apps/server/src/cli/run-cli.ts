// The command-line tools' one way to end (backup, restore): exit 0 when the work is done, else 1 with one sentence
// on stderr — the operator's mistakes (configuration, target, file) without a stack trace.
import { ConfigError } from '../config.js';
import { StartError } from '../start-errors.js';
import { BackupError } from '../db/backup.js';

export async function runCli(name: string, work: () => Promise<void>, cleanup: () => Promise<void>): Promise<never> {
  let code = 1;
  try {
    await work();
    code = 0;
  } catch (e) {
    if (e instanceof ConfigError) console.error(e.message);
    else if (e instanceof BackupError || e instanceof StartError) console.error(`[${name}] ${e.message}`);
    else console.error(`[${name}] failed: ${(e as Error)?.message ?? String(e)}`);
  } finally {
    await cleanup().catch(() => {});
  }
  process.exit(code);
}
