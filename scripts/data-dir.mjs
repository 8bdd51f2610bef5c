// Removing a DATA_DIR a tool made for itself (a bench, the journeys' server, the smoke start). As root, the embedded
// PostgreSQL's cluster may live outside DATA_DIR, in /var/lib/usdt-points/<hash>/postgres, named by the pointer file
// DATA_DIR/postgres-location (apps/server/src/db/embedded.ts): removing DATA_DIR alone left that cluster behind, a few
// hundred MB per run, so each CI run as root grew /var/lib/usdt-points. The cluster must be stopped first.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Removes `dataDir` and, when its postgres-location points at a cluster of its own elsewhere, that cluster's folder. */
export function removeDataDir(dataDir) {
  const pointer = path.join(dataDir, 'postgres-location');
  if (existsSync(pointer)) {
    const cluster = readFileSync(pointer, 'utf8').trim();
    // <home>/<hash>/postgres: the <hash> folder is this DATA_DIR's alone (it also holds the data-dir back-pointer).
    const own = path.dirname(cluster);
    if (path.basename(cluster) === 'postgres' && existsSync(path.join(own, 'data-dir')) && readFileSync(path.join(own, 'data-dir'), 'utf8').trim() === path.resolve(dataDir)) {
      rmSync(own, { recursive: true, force: true });
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
