import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RainflowCounter } from '../../../server/analytics/fatigue/rainflow.ts';
import { toSparse } from '../../../server/analytics/fatigue/range-histogram.ts';
import { countResidue } from '../../../server/analytics/fatigue/residue.ts';
import { createAnalysisPool } from '../../../server/analysis/analysis-pool.ts';
import { countBridgeStrain, STRAIN_BIN_WIDTH } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
  DAY_MS,
  START_MS,
  type StrainBlock,
  storeStrain,
  strainBridge,
  trafficBlocks,
} from './strain-fixtures.ts';

interface HistogramRow {
  day: string;
  bin_width: number;
  bins: [number, number][];
  samples: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The same blocks counted in memory, cut into days where the stored blocks start a new day, and
 * into stretches where more than three 5 Hz samples are missing: at each such gap the history
 * ends and its residue counts as half cycles (ASTM E1049 §5.4.4 step 6).
 */
function directDaily(blocks: StrainBlock[], rateHz = 5) {
  const counter = new RainflowCounter({ binWidth: STRAIN_BIN_WIDTH });
  const days = new Map<string, { bins: [number, number][]; samples: number }>();
  const interval = 1000 / rateHz;
  let day: string | null = null;
  let samples = 0;
  let last: number | null = null;
  const close = () => {
    if (day !== null) days.set(day, { bins: toSparse(counter.takeHistogram()).bins, samples });
  };
  for (const block of blocks) {
    const blockDay = dayOf(block.start);
    if (blockDay !== day) {
      close();
      day = blockDay;
      samples = 0;
    }
    if (last !== null && block.start - last > 4 * interval) {
      countResidue(counter.endHistory(), 'half', counter.histogram);
    }
    counter.push(block.values);
    samples += block.values.length;
    last = block.start + (block.values.length - 1) * interval;
  }
  close();
  return { days, residue: counter.state(), last };
}

// Issue 19: each strain stream's full cycles per UTC day, stored, with the residue carried over
// from day to day, equal to one rainflow count of the same samples.
// A bridge job on the analysis thread ran past 30 s in CI beside the browser tests' server.
describe.each(drivers)('daily strain histograms (%s)', { timeout: 120_000 }, (kind) => {
  const t = setupTestApp(kind);

  async function stored(datastreamId: number) {
    const histograms = rowsOf<HistogramRow>(
      await t.services.database.db.execute(sql`
        SELECT day::text AS day, bin_width, bins, samples FROM fatigue_histograms
        WHERE datastream_id = ${datastreamId} ORDER BY day`),
    );
    const [counter] = rowsOf<{ counted_through: string; residue: unknown }>(
      await t.services.database.db.execute(sql`
        SELECT counted_through::text AS counted_through, residue FROM fatigue_counters
        WHERE datastream_id = ${datastreamId}`),
    );
    return { histograms, counter };
  }

  it('stores per day what a rainflow of each gap-free stretch counts, its residue as half cycles', async () => {
    const { bridge, datastreamId } = await strainBridge(t.services, 'Counted Bridge', 'cb-str');
    // Two and a half days at 5 Hz, a missing afternoon on day 2 and no blocks at all on day 3.
    const blocks = [
      ...trafficBlocks(START_MS, START_MS + 2 * DAY_MS, {
        gap: { from: START_MS + DAY_MS + 12 * 3_600_000, to: START_MS + DAY_MS + 18 * 3_600_000 },
      }),
      ...trafficBlocks(START_MS + 3 * DAY_MS, START_MS + 3.5 * DAY_MS, { seed: 8 }),
    ];
    await storeStrain(t.services, 'cb-str', blocks);

    // Incrementally: the day after day 1, then the day after day 4 (day 4 is still partial).
    // Counted as given (no high-pass), so the reference is a plain count of the same samples.
    const asGiven = { highpassHz: null };
    const first = await countBridgeStrain(
      t.services.database.db,
      bridge.id,
      START_MS + DAY_MS + 5,
      asGiven,
    );
    expect(first).toEqual([{ datastreamId, daysCounted: 1, countedThrough: dayOf(START_MS) }]);
    const later = await countBridgeStrain(
      t.services.database.db,
      bridge.id,
      START_MS + 4 * DAY_MS + 5,
      asGiven,
    );
    expect(later).toEqual([
      { datastreamId, daysCounted: 2, countedThrough: dayOf(START_MS + 3 * DAY_MS) },
    ]);

    const { histograms, counter } = await stored(datastreamId);
    const direct = directDaily(blocks);
    expect(histograms.map((h) => h.day)).toEqual([...direct.days.keys()]);
    for (const row of histograms) {
      const expected = direct.days.get(row.day);
      expect(row.bin_width).toBe(STRAIN_BIN_WIDTH);
      expect(Number(row.samples)).toBe(expected?.samples);
      expect(row.bins).toEqual(expected?.bins);
    }
    expect(histograms[0]?.bins.some(([bin]) => bin * STRAIN_BIN_WIDTH > 50)).toBe(true);
    // The two gaps (the afternoon, the missing day 3) leave half cycles in the day after them.
    const halves = (day: string) =>
      histograms.find((h) => h.day === day)?.bins.some(([, cycles]) => cycles % 1 !== 0);
    expect(halves(dayOf(START_MS + DAY_MS))).toBe(true);
    expect(halves(dayOf(START_MS + 3 * DAY_MS))).toBe(true);
    expect(counter).toEqual({
      counted_through: dayOf(START_MS + 3 * DAY_MS),
      residue: { ...direct.residue, lastSampleMs: direct.last, intervalMs: 200 },
    });

    // Counting again changes nothing: every day is done.
    const again = await countBridgeStrain(
      t.services.database.db,
      bridge.id,
      START_MS + 4 * DAY_MS,
      asGiven,
    );
    expect(again[0]?.daysCounted).toBe(0);
  });

  it('counts on the analysis thread as part of the bridge job', async () => {
    const { bridge, datastreamId } = await strainBridge(t.services, 'Threaded Strain', 'ts-str');
    const blocks = trafficBlocks(START_MS, START_MS + DAY_MS + 3_600_000);
    await storeStrain(t.services, 'ts-str', blocks);
    const pool = createAnalysisPool(t.services.database, { epochs: 1 });
    try {
      const result = await pool.run({ bridgeId: bridge.id, retrain: false });
      expect(result.fatigue).toEqual({
        streams: [{ datastreamId, daysCounted: 2, countedThrough: expect.any(String) as string }],
      });
    } finally {
      await pool.close();
    }
    // The job counts with the high-pass (decision 045) and says so on each day.
    const { histograms } = await stored(datastreamId);
    const direct = directDaily(blocks);
    expect(histograms.map((h) => [h.day, Number(h.samples)])).toEqual(
      [...direct.days].map(([day, value]) => [day, value.samples]),
    );
    const [coverage] = rowsOf<{ highpass_hz: number; monitored_seconds: number }>(
      await t.services.database.db.execute(sql`
        SELECT highpass_hz, monitored_seconds FROM fatigue_histograms
        WHERE datastream_id = ${datastreamId} ORDER BY day LIMIT 1`),
    );
    expect(coverage).toEqual({ highpass_hz: 1 / 600, monitored_seconds: 86_400 });
  });
});
