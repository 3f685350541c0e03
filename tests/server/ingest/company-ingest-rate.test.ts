import { describe, expect, it } from 'vitest';
import {
  createCompanyIngestRate,
  OverIngestRate,
} from '../../../server/ingest/company-ingest-rate.ts';

/** Bridges 1 and 2 of company 10 at 600 samples a minute (10 a second); bridge 3 of company 20, unlimited. */
function setup() {
  let clock = 1_000_000;
  let reads = 0;
  const rate = createCompanyIngestRate(
    {
      async ingestRateOfBridge(bridgeId: number) {
        reads += 1;
        return bridgeId === 3
          ? { companyId: 20, samplesPerMinute: null }
          : { companyId: 10, samplesPerMinute: 600 };
      },
    },
    () => clock,
  );
  return {
    rate,
    advance: (ms: number) => (clock += ms),
    reads: () => reads,
  };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OverIngestRate) return error;
    throw error;
  }
  return undefined;
};

describe('a company ingest rate', () => {
  it("charges a company's bridges to one bucket and refuses once it is empty, until it refills", async () => {
    const { rate, advance } = setup();
    (await rate.admit(1)).charge(400);
    (await rate.admit(2)).charge(400);
    // 200 below empty at 10 a second: back above zero after 20.1 s.
    const over = await refusal(rate.admit(1));
    expect(over?.retryAfterSeconds).toBe(21);
    advance(20_000);
    expect(await refusal(rate.admit(2))).toBeInstanceOf(OverIngestRate);
    advance(1_000);
    expect(await refusal(rate.admit(2))).toBeUndefined();
  });

  it('never fills a bucket past one minute of samples', async () => {
    const { rate, advance } = setup();
    advance(3_600_000);
    (await rate.admit(1)).charge(601);
    expect(await refusal(rate.admit(1))).toBeInstanceOf(OverIngestRate);
  });

  it('lets an unlimited company through and reads each bridge again only after 5 s', async () => {
    const { rate, advance, reads } = setup();
    for (let i = 0; i < 10; i += 1) (await rate.admit(3)).charge(1_000_000);
    expect(await refusal(rate.admit(3))).toBeUndefined();
    expect(reads()).toBe(1);
    advance(5_000);
    await rate.admit(3);
    expect(reads()).toBe(2);
  });
});
