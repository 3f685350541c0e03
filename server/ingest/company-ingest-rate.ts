import type { CompanyLimitsRepository } from '../repositories/company-limits-repository.ts';

/** How long a bridge's company and rate are trusted before they are read again. */
const RATE_CACHE_MS = 5_000;
const MINUTE_MS = 60_000;

/** A gateway let in: what it stores is charged to its company afterwards. */
export interface IngestAdmission {
  charge(samples: number): void;
}

/** The gateway's company is over its rate: try again after this many seconds. */
export class OverIngestRate extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly samplesPerMinute: number,
  ) {
    super(`over the company's ingest rate of ${samplesPerMinute} samples a minute`);
  }
}

interface Bucket {
  /** Samples that may still be stored; negative after a request larger than what was left. */
  level: number;
  at: number;
}

/** The admission of a gateway whose company has no rate (or no company): nothing is charged. */
export const UNLIMITED_INGEST: IngestAdmission = { charge: () => undefined };

/**
 * Each company's ingest rate (issue 33, decision 058) as a bucket of one minute's samples that
 * refills continuously. A request is let in while its company's bucket is not empty and charged
 * for what it stored afterwards, so the bucket may go below zero by one request (at most 10,000
 * items); the company then waits until it has refilled to zero. Buckets are per process: with N
 * ingest processes a company may store N times its rate. Other companies' buckets are untouched,
 * so one company over its rate slows no one else.
 */
export function createCompanyIngestRate(
  limits: Pick<CompanyLimitsRepository, 'ingestRateOfBridge'>,
  now: () => number = Date.now,
) {
  const rates = new Map<number, { companyId: number; perMinute: number | null; readAt: number }>();
  const buckets = new Map<number, Bucket>();

  async function rateOf(bridgeId: number) {
    const cached = rates.get(bridgeId);
    if (cached && now() - cached.readAt < RATE_CACHE_MS) return cached;
    const row = await limits.ingestRateOfBridge(bridgeId);
    const fresh = {
      companyId: row?.companyId ?? -1,
      perMinute: row?.samplesPerMinute ?? null,
      readAt: now(),
    };
    rates.set(bridgeId, fresh);
    return fresh;
  }

  function refilled(companyId: number, perMinute: number): Bucket {
    const at = now();
    const bucket = buckets.get(companyId) ?? { level: perMinute, at };
    bucket.level = Math.min(perMinute, bucket.level + ((at - bucket.at) * perMinute) / MINUTE_MS);
    bucket.at = at;
    buckets.set(companyId, bucket);
    return bucket;
  }

  return {
    /** Lets a gateway of this bridge in, or throws OverIngestRate. */
    async admit(bridgeId: number): Promise<IngestAdmission> {
      const { companyId, perMinute } = await rateOf(bridgeId);
      if (perMinute === null) return UNLIMITED_INGEST;
      const bucket = refilled(companyId, perMinute);
      if (bucket.level <= 0) {
        const waitMs = ((1 - bucket.level) * MINUTE_MS) / perMinute;
        throw new OverIngestRate(Math.max(1, Math.ceil(waitMs / 1000)), perMinute);
      }
      return {
        charge(samples: number) {
          refilled(companyId, perMinute).level -= samples;
        },
      };
    },
  };
}

export type CompanyIngestRate = ReturnType<typeof createCompanyIngestRate>;
