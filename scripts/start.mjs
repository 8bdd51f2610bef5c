// `npm start`: build what is missing (web app, server bundle), then run the server.
// The server starts the embedded PostgreSQL unless DATABASE_URL is set, migrates, and serves on PORT.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

function run(args) {
  const r = spawnSync('npm', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'packages/contract/src'])) {
  console.log('[start] building the web app…');
  run(['run', 'build', '-w', 'apps/web']);
}
if (stale('apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src'])) {
  console.log('[start] building the server…');
  run(['run', 'build', '-w', 'apps/server']);
}

// Run the server in this same process: one Node process to signal, and nothing orphaned by a kill -9.
await import(path.join(root, 'apps/server/dist/main.js'));
