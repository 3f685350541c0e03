import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dataExtent } from '../../../server/analysis/bridge-streams.ts';
import { modalSpanOf } from '../../../server/analysis/modal-channels.ts';
import { trackModes } from '../../../server/analysis/modal-tracking.ts';
import type { Schemas } from '../../../server/contract-types.ts';
import { bridges, datastreams, spans } from '../../../server/db/schema.ts';
import { DEMO_RATES } from '../../../server/demo/demo-fleet.ts';
import { findDemoBridges } from '../../../server/demo/demo-streams.ts';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { createClimate } from '../../../server/sim/climate.ts';
import { spanFrequencies } from '../../../server/sim/modal-model.ts';
import { trafficAt } from '../../../server/sim/traffic.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ testTimeout: 600_000 });

const MAIN_SPAN = 'jacques-cartier-s2-acc';
/** Stated before the first run, as in stored-modes-bursts.test.ts. */
const TOLERANCE = 0.02;
/**
 * 90 minutes of history: a whole number of the continuous streams' 10-minute blocks, so no block
 * straddles an hour. With 72 minutes (0.05 days) they did, and a run whose history crossed a
 * 6-hour chunk boundary (UTC) wrote that hour's roll-up from two chunks: a duplicate key after
 * midnight, a pass before it. The demo's own histories are whole days.
 */
const HISTORY_DAYS = 90 / 1440;

// Decision 076, step 3: Jacques Cartier's main span gets five more vertical accelerometers, so
// the demo has one bridge whose Modes card, mode-shape strip and report section show modes.
describe.each(drivers)("the demo's modal span on %s", (kind) => {
  const t = setupTestApp(kind);

  it("seeds six placed accelerometers on Jacques Cartier's main span, whose bursts give its modes", async () => {
    const { database } = t.services;
    const { db } = database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const seeded = await db.select().from(bridges);
    const modal = await Promise.all(
      seeded.map(async (b) => [b.name, (await modalSpanOf(db, b.id))?.label ?? null] as const),
    );
    // The only bridge with three placed vertical accelerometers on a span.
    expect(modal.filter(([, label]) => label !== null)).toEqual([
      ['Jacques Cartier Bridge', 'main_span'],
    ]);
    const cartier = seeded.find((b) => b.name === 'Jacques Cartier Bridge');
    const span = await modalSpanOf(db, cartier?.id ?? 0);
    const [main] = await db
      .select()
      .from(spans)
      .where(eq(spans.id, span?.spanId ?? 0));
    const length = main?.length ?? 0;
    expect(span?.channels.map((c) => [c.streamId, c.chainageM])).toEqual(
      [
        [`${MAIN_SPAN}2`, 1 / 6],
        [`${MAIN_SPAN}3`, 2 / 6],
        [MAIN_SPAN, 0.4],
        [`${MAIN_SPAN}4`, 3 / 6],
        [`${MAIN_SPAN}5`, 4 / 6],
        [`${MAIN_SPAN}6`, 5 / 6],
      ].map(([id, x]) => [id, Math.round(Number(x) * length * 10) / 10]),
    );

    // An hour and a half of the demo's own history: each burst's modes, as the worker finds them.
    const rates = { ...DEMO_RATES, strainHz: 1 / 600, temperatureHz: 1 / 600 };
    await writeDemoHistory(database, { days: HISTORY_DAYS, rates });
    const streamIds = (await db.select().from(datastreams))
      .filter((d) => d.streamId.startsWith(MAIN_SPAN))
      .map((d) => d.id);
    const newest = (await dataExtent(db, streamIds))?.newest ?? 0;
    const timings = await trackModes(db, cartier?.id ?? 0, {
      newestMs: newest,
      faultSpans: new Map(),
      referenceVersion: 0,
    });
    const cpu = timings.map((w) => w.cpuSeconds.toFixed(2)).join(', ');
    console.info(`demo modal span (${kind}): CPU per burst ${cpu} s`);
    expect(timings.length).toBeGreaterThanOrEqual(6);

    const staff = await t.createUser({ staff: true });
    const answer = await t.request<Schemas['BridgeModes']>({
      method: 'GET',
      url: `/api/v1/bridges/${cartier?.id ?? 0}/modes`,
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    const latest = answer.body.latest;
    const found = latest?.modes.filter((m) => !m.lost) ?? [];
    expect(answer.body.reference?.modes.length).toBeGreaterThan(0);
    expect(found.length).toBeGreaterThan(0);
    const [demo] = await findDemoBridges(db, HISTORY_DAYS, rates).then((all) =>
      all.filter((d) => d.bridge.key === 'jacques-cartier'),
    );
    const climate = demo && createClimate(demo.scenario.climate, demo.scenario.seed);
    const at = Date.parse(latest?.window_start ?? '') + 30_000;
    const truth =
      demo && climate
        ? spanFrequencies(demo.scenario, 'span-2', climate.deckTemperatureAt(at), trafficAt(at), at)
        : [];
    for (const mode of found) {
      const f = mode.frequency_hz ?? 0;
      expect(Math.min(...truth.map((g) => Math.abs(f - g) / g))).toBeLessThan(TOLERANCE);
      expect(mode.shape.map((p) => p.stream_id)).toEqual(span?.channels.map((c) => c.streamId));
    }
  });
});
