import type { Db } from '../db/client.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';
import type { DomainRecheckRepository } from '../repositories/domain-recheck-repository.ts';
import type { DomainProof } from './domain-proof.ts';
import { recheckDomainProofs, type RecheckTally } from './domain-recheck.ts';

/**
 * The single sign-on domain re-check on the schedules' timetable (server/ops/periodic-job.ts):
 * hourly, in the process that leads the schedules; each pass takes the claims that are due.
 */
export function startDomainRecheck(
  db: Db,
  claims: DomainRecheckRepository,
  proof: DomainProof,
  options: { leads?: () => boolean; log: (message: string) => void; intervalMs?: number },
): PeriodicJob<RecheckTally> {
  return startPeriodicJob({
    ...options,
    pass: async () => {
      const tally = await recheckDomainProofs({ db, claims, proof, now: Date.now });
      if (tally.withdrawn > 0 || tally.failing > 0) {
        options.log(
          `Single sign-on domain re-check: ${tally.failing} without their TXT record, ${tally.withdrawn} withdrawn`,
        );
      }
      return tally;
    },
    idle: () => ({ kept: 0, failing: 0, withdrawn: 0, unanswered: 0 }),
    failure: 'Single sign-on domain re-check failed',
  });
}
