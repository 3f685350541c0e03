/**
 * Thrown by a runner that gives its job back unfinished because its worker is stopping: the
 * queue offers the job again (to another worker on PostgreSQL, at the next start on PGlite).
 */
export class JobHandedBack extends Error {
  constructor(bridgeId: number) {
    super(`the analysis of bridge ${bridgeId} was handed back: its worker is stopping`);
    this.name = 'JobHandedBack';
  }
}
