import { inAuditedTransaction } from '../audit/audited-transaction.ts';
import type { Db } from '../db/client.ts';
import type {
  DomainRecheckRepository,
  RecheckOutcome,
} from '../repositories/domain-recheck-repository.ts';
import type { DomainProof } from './domain-proof.ts';

const DAY_MS = 86_400_000;
/** A proven domain's TXT record is looked up again weekly (decision 078)... */
export const RECHECK_EVERY_DAYS = 7;
/** ...and daily once it was not found, so a lapse is withdrawn within days, not weeks. */
export const FAILING_RECHECK_EVERY_DAYS = 1;
/** Look-ups a pass makes, one after another (each at most DNS_TIMEOUT_MS): a bounded pass. */
export const RECHECKS_PER_PASS = 20;

export type RecheckTally = Record<RecheckOutcome | 'unanswered', number>;

/**
 * One pass of re-checking single sign-on domains proven by DNS (decision 078): a domain that
 * changes hands, or whose record its company removed, must not keep sending people to the old
 * company's provider. Each look-up runs outside any transaction (a DNS server's 5 s must not
 * hold the embedded database's one connection); each outcome is written in an audited
 * transaction of its own. A server that does not answer changes nothing: only a clear "no such
 * record" counts against a domain.
 */
export async function recheckDomainProofs(deps: {
  db: Db;
  claims: DomainRecheckRepository;
  proof: DomainProof;
  now: () => number;
}): Promise<RecheckTally> {
  const { claims } = deps;
  const now = deps.now();
  const due = await claims.due(
    new Date(now - RECHECK_EVERY_DAYS * DAY_MS),
    new Date(now - FAILING_RECHECK_EVERY_DAYS * DAY_MS),
    RECHECKS_PER_PASS,
  );
  const tally: RecheckTally = { kept: 0, failing: 0, withdrawn: 0, unanswered: 0 };
  for (const claim of due) {
    const result = await deps.proof.check(claim.domain, claim.challenge);
    if (!result.proven && result.status === 502) {
      tally.unanswered += 1;
      continue;
    }
    const outcome = await inAuditedTransaction(
      deps.db,
      { id: null, name: 'SpanWatch', operation: 'recheckCompanySsoDomain' },
      () => claims.record(claim, result.proven, new Date(deps.now())),
    );
    tally[outcome] += 1;
  }
  return tally;
}
