import {
  ErrorCodes,
  PROJECT_ANALYSIS_KINDS,
  ProjectMessages,
  RepoAnalysesMessages,
  type RepoAnalysesAccepted,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { isLiveHandle, type JobAsker, type JobHandles } from '../../jobs/handles.js';
import { conflict, notFound } from '../../lib/errors.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import { ANALYZE_JOB, jobBranch } from './analyze-job.js';
import { analyzeDedupeKey } from './job-key.js';
import { toJobSummary } from '../../jobs/job-summary.js';
import type { AnalysisQuota } from './quota.js';

export interface RepoAnalysesDeps {
  db: Database;
  handles: JobHandles;
  quota: AnalysisQuota;
}

/**
 * "Analyse this repository again": every analysis a project page shows, for one repository of the
 * project on its own branch, fetched afresh. One call instead of one refresh per kind (which would
 * also fetch every other repository of the project): the project Overview and the full report offer
 * it once per failed repository.
 */
export class RepoAnalysesService {
  constructor(private readonly deps: RepoAnalysesDeps) {}

  async analyseAgain(
    ownerId: string,
    projectId: string,
    repoId: string,
  ): Promise<RepoAnalysesAccepted> {
    const project = await requireOwnedProject(this.deps.db, ownerId, projectId);
    const repos = await repositoriesOf(this.deps.db, projectId);
    const repo = repos.find((candidate) => candidate.id === repoId);
    if (!repo) throw notFound(ProjectMessages.repoNotFound);
    if (project.status === 'archived')
      throw conflict(ErrorCodes.projectArchived, RepoAnalysesMessages.archived);
    const asker: JobAsker = { ownerId, projectId };
    const payloads = PROJECT_ANALYSIS_KINDS.map((kind) => ({
      repoUrl: repo.url,
      branch: jobBranch(repo.branch),
      kind,
    }));
    const held = await this.deps.quota.serialize(ownerId, async () => {
      // All or nothing, like repo-analyze: a half-started retry would show a half-fixed repository.
      // Kinds the user already waits on are joined and cost nothing.
      const current = await Promise.all(
        payloads.map((payload) => this.deps.handles.latestFor(asker, analyzeDedupeKey(payload))),
      );
      const added = current.filter((item) => !item || !isLiveHandle(item)).length;
      if (added > (await this.deps.quota.remaining(ownerId)))
        throw this.deps.quota.activeLimitReached();
      const enqueued = [];
      for (const payload of payloads)
        enqueued.push(
          await this.deps.handles.enqueue(
            asker,
            ANALYZE_JOB,
            { ...payload, force: true },
            { dedupeKey: analyzeDedupeKey(payload) },
          ),
        );
      return enqueued;
    });
    return { repoId, jobs: held.map(toJobSummary) };
  }
}
