export interface AnalysisJob {
  bridgeId: number;
  retrain: boolean;
}

export type JobRunner = (job: AnalysisJob) => Promise<unknown>;

/**
 * The analysis job queue, one interface for both databases: pg-boss on a PostgreSQL server (jobs
 * shared by every worker process, never two at once for one bridge), an in-process serial queue
 * on the embedded PGlite. `enqueue` works without `start` (a web process only queues); `start`
 * makes this process a worker running `run` for each job.
 */
export interface AnalysisJobs {
  enqueue(bridgeId: number, options?: { retrain?: boolean }): Promise<void>;
  /** Bridges with a job waiting or running (one whose worker died counts until it expires). */
  pendingBridges(): Promise<Set<number>>;
  start(run: JobRunner): Promise<void>;
  stop(): Promise<void>;
}
