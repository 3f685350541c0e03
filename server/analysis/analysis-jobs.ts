import type { Database } from '../db/client.ts';
import type { AnalysisRepository } from './analysis-repository.ts';
import { createInProcessJobs } from './in-process-jobs.ts';
import { createPgBossJobs, type PgBossJobsOptions } from './pg-boss-jobs.ts';
import type { AnalysisJobs } from './job-types.ts';

export function createAnalysisJobs(
  database: Database,
  repository: AnalysisRepository,
  log?: (message: string) => void,
  { jobTimeoutSeconds, liveness }: Pick<PgBossJobsOptions, 'jobTimeoutSeconds' | 'liveness'> = {},
): AnalysisJobs {
  return database.kind === 'postgres'
    ? createPgBossJobs(database, repository, {
        log,
        jobTimeoutSeconds,
        ...(liveness ? { liveness } : {}),
      })
    : createInProcessJobs(repository);
}
