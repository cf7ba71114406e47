/**
 * A process that starts cloning a mirror and never finishes (the test's server holds the objects),
 * so a test can kill it with SIGKILL mid-clone, as a crash or the OOM killer would.
 *   env: REPOS_DIR, REPO_URL, CA_FILE, and DB_URL (PostgreSQL) or SNAPSHOT (a migrated PGlite)
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client.js';
import { MirrorStore } from '../repo-store/mirror-store.js';

const database = process.env.DB_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DB_URL })
  : await openDatabase({
      kind: 'pglite',
      dataDir: null,
      loadDataDir: new Blob([readFileSync(process.env.SNAPSHOT!)]),
    });
const mirrors = new MirrorStore(database.db, {
  reposDir: process.env.REPOS_DIR!,
  allowLocalRepos: false,
  allowPrivateHosts: true,
  caFile: process.env.CA_FILE,
  maxSizeBytes: 50 * 1024 * 1024,
  timeoutMs: 600_000,
  freshnessMs: 0,
});
process.stdout.write('SYNCING\n');
await mirrors.sync(process.env.REPO_URL!);
process.stdout.write('DONE\n');
