// `npm run ledger:check`: on DATABASE_URL, or on the embedded database in DATA_DIR when the server is stopped.
// Exits 1 on any breach, 2 when it cannot check.
import { loadConfig, loadDotEnv } from '../config.js';
import { createDb } from '../db/client.js';
import { runningEmbeddedUrl, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js';
import { checkLedger } from '../ledger/check.js';

await loadDotEnv();
const config = loadConfig();
let embedded: EmbeddedDatabase | undefined;
let code = 2;
try {
  let url = config.DATABASE_URL;
  // A running server's embedded database is checked where it runs; a stopped one is started for the check.
  if (!url) url = (await runningEmbeddedUrl(config.DATA_DIR)) ?? '';
  if (!url) {
    embedded = await startEmbedded(config.DATA_DIR, (m) => console.error(`[ledger:check] ${m}`));
    url = embedded.url;
  }
  const db = createDb(url, 2);
  const report = await checkLedger(db);
  await db.$client.end();
  console.log(JSON.stringify(report.stats));
  if (report.ok) {
    console.log('ledger:check OK: every invariant holds');
    code = 0;
  } else {
    for (const b of report.breaches) console.log(`BREACH: ${b}`);
    code = 1;
  }
} catch (e) {
  console.error(`ledger:check could not run: ${String(e)}`);
} finally {
  await embedded?.stop().catch(() => {});
}
process.exit(code);
