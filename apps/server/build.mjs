// Bundles the server (and the shared contract, which ships as TypeScript) into dist/main.js.
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { cp, readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/'));

await build({
  entryPoints: { main: 'src/main.ts', 'ledger-check': 'src/cli/ledger-check.ts', backup: 'src/cli/backup.ts', restore: 'src/cli/restore.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');
