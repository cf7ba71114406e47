import type { DatabaseHandle } from './db/client.js';
import { AnalysisAnswers } from './modules/analysis/index.js';
import { KnownUsers } from './modules/auth/index.js';
import { ProjectListCache } from './modules/projects/index.js';

/**
 * In-process caches of database rows, exact only where this process is the database's one writer.
 * That is embedded PGlite: it lives inside this process, and no other process can open its data
 * directory. With DATABASE_URL, other API processes and workers write the same rows, so no such
 * cache is made there and every read goes to PostgreSQL. Each cache forgets on the writes of this
 * process that change what it holds (see each class).
 */
export interface SingleProcessCaches {
  /** Ids of users known to exist (the per-request check of `authenticate`). */
  users?: KnownUsers;
  /** `GET /api/projects` answers by owner and filter. */
  projectLists?: ProjectListCache;
  /** Stored-analysis answers by owner, project and kind. */
  analysisAnswers?: AnalysisAnswers;
}

export async function singleProcessCaches(database: DatabaseHandle): Promise<SingleProcessCaches> {
  if (database.driver !== 'pglite') return {};
  return {
    users: await KnownUsers.listening(database),
    projectLists: new ProjectListCache(),
    analysisAnswers: await AnalysisAnswers.listening(database),
  };
}
