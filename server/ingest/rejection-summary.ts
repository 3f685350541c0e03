import type { IngestResult, RejectedItem } from './ingest-service.ts';

/** Rejections an answer lists one by one; the rest are only counted (issue 37, finding 2). */
export const LISTED_REJECTIONS = 100;

export interface SummarisedResult {
  accepted_samples: number;
  duplicate_samples: number;
  /** The first LISTED_REJECTIONS rejections, in item order. */
  rejected: RejectedItem[];
  rejected_total: number;
  rejected_by_reason: Partial<Record<RejectedItem['reason'], number>>;
}

/** An answer whose size does not grow with the body: every rejection counted, few listed. */
export function summariseRejections(result: IngestResult): SummarisedResult {
  const byReason: SummarisedResult['rejected_by_reason'] = {};
  for (const { reason } of result.rejected) byReason[reason] = (byReason[reason] ?? 0) + 1;
  return {
    accepted_samples: result.accepted_samples,
    duplicate_samples: result.duplicate_samples,
    rejected: result.rejected.slice(0, LISTED_REJECTIONS),
    rejected_total: result.rejected.length,
    rejected_by_reason: byReason,
  };
}
