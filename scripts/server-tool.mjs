// `npm run backup` / `npm run restore`: builds the server bundle if it is missing, then runs one of its command-line
// tools (apps/server/dist/<name>.js) with the arguments given after `--`, and exits with its code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [name, ...args] = process.argv.slice(2);
const tool = `apps/server/dist/${name}.js`;
if (!existsSync(tool)) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['--enable-source-maps', tool, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
