import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { evaluateBridge } from '../../../server/analysis/analyse-bridge.ts';
import { modalSpanOf, type ModalChannel } from '../../../server/analysis/modal-channels.ts';
import { trackModes } from '../../../server/analysis/modal-tracking.ts';
import { createRng, type Rng } from '../../../server/analytics/rng.ts';
import type { Schemas } from '../../../server/contract-types.ts';
import { analysisResults, identifiedModes } from '../../../server/db/schema.ts';
import type { BeamModel } from '../../../server/sim/beam-model.ts';
import { beamWithStiffness, localisationBeam } from '../../helpers/beam-windows.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { beamBridge, ingestBeamWindow, storedRows } from './stored-modes-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const WINDOW_MS = 600_000;
const DAY_MS = 86_400_000;
const DAY_WINDOWS = 144;
/** Midnight UTC in the past, so no sample is "from the future". */
const START_MS = Date.UTC(2026, 3, 1);
/**
 * A window's identification scatter, relative: what SSI-COV gave for this beam's first two modes
 * from 5-minute 20 Hz records (1.497-1.502 Hz, 5.997-6.009 Hz over 8 seeds): about 0.15 %;
 * 0.2 % here, the wider of the two.
 */
const FREQUENCY_SCATTER = 0.002;
/** Shape noise per sensor, relative to the largest value (the simulator's 2 % noise). */
const SHAPE_SCATTER = 0.02;
/** The modes a 20 Hz record identifies (band 0.4 of the rate: 8 Hz): 1.5 and 6.0 Hz. */
const MODES = 2;

/** A fifth of the span's stiffness (elements 8-11, mid-span) lost by a fifth: f1 −4.5 %. */
const damagedBeam = (): BeamModel => beamWithStiffness((e) => (e >= 8 && e < 12 ? 0.8 : 1));

/**
 * One window's stored rows as the live identification leaves them: the model's first modes with
 * the identification's scatter, each shape at the span's channels (by chainage, as the beam's
 * sensors), largest magnitude 1.
 */
function windowRows(
  bridgeId: number,
  channels: readonly ModalChannel[],
  model: BeamModel,
  startMs: number,
  rng: Rng,
) {
  return Array.from({ length: MODES }, (_, k) => {
    const shape = model.shapes[k] ?? [];
    const largest = Math.max(...shape.map(Math.abs));
    return {
      bridgeId,
      windowStart: new Date(startMs),
      windowEnd: new Date(startMs + WINDOW_MS),
      position: k,
      frequencyHz: (model.frequenciesHz[k] ?? 0) * (1 + FREQUENCY_SCATTER * rng.normal()),
      dampingRatio: (model.dampingRatios[k] ?? 0) * (1 + 0.2 * rng.normal()),
      mpc: 0.98,
      shape: channels.map((c, i) => ({
        datastream_id: c.datastreamId,
        stream_id: c.streamId,
        chainage_m: c.chainageM,
        value: (shape[i] ?? 0) / largest + SHAPE_SCATTER * rng.normal(),
      })),
      referenceVersion: 0,
      referenceMode: k,
      referenceMac: null,
    };
  });
}

/** A thermometer on the bridge, once a minute, a ±4 °C daily cycle about 10 °C. */
async function thermometer(t: TestContext, bridgeId: number, spanId: number) {
  const sensor = await t.services.sensors.create({
    bridgeId,
    spanId,
    label: 'deck-temp',
    type: 'temperature',
    status: 'active',
    installationDate: '2025-01-01',
  });
  await t.services.datastreams.create({
    streamId: `ssi-eval-${bridgeId}-temp`,
    dataType: 'temperature',
    sensorIds: [sensor.id],
  });
  return async (fromMs: number, toMs: number) => {
    const batch = [];
    for (let block = fromMs; block < toMs; block += WINDOW_MS) {
      batch.push({
        stream_id: `ssi-eval-${bridgeId}-temp`,
        start: new Date(block).toISOString(),
        rate_hz: 1 / 60,
        values: Array.from({ length: 10 }, (_, m) => {
          const day = ((block + m * 60_000) % DAY_MS) / DAY_MS;
          return Number((10 + 4 * Math.sin(2 * Math.PI * day)).toFixed(2));
        }),
      });
    }
    const result = await t.services.ingest.ingest(batch, { anyBridge: true });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
  };
}

// Issue 31, decision 076 (amendment 2026-12-02 (d)): the bridge job with SSI active, read as a
// user reads it. The reference window is identified by the product from a simulated record (real
// SSI-COV); the other windows' stored identifications are the beam model's modes with the
// identification's scatter (a week of records identified would take minutes), so the job's
// training, scoring, report and control chart run on stored SSI modes as they do live.
describe.each(drivers)('an evaluation with SSI modes as the modal features on %s', (kind) => {
  const t = setupTestApp(kind);

  it('labels the SSI modes, tracks them, and raises a stiffness loss but not a healthy day', async () => {
    const began = performance.now();
    const { db } = t.services.database;
    const { bridge, span, streams } = await beamBridge(t.services, 'Ssi Eval Bridge');
    const temperatures = await thermometer(t, bridge.id, span.id);
    const healthy = localisationBeam(-1, 1);
    // The reference: window 0 recorded (5 minutes at 20 Hz) and identified by the product.
    await ingestBeamWindow(t.services, streams, healthy, {
      startMs: START_MS,
      seed: 3,
      rateHz: 20,
      seconds: 300,
    });
    await trackModes(db, bridge.id, {
      newestMs: START_MS + WINDOW_MS - 1,
      faultSpans: new Map(),
      referenceVersion: 0,
    });
    const reference = await storedRows(t, bridge.id);
    expect(reference.filter((r) => r.isReference).map((r) => r.frequencyHz?.toFixed(1))).toEqual([
      '1.5',
      '6.0',
    ]);

    const channels = (await modalSpanOf(db, bridge.id))?.channels ?? [];
    const rng = createRng(31);
    const storeDays = async (model: BeamModel, fromDay: number, toDay: number) => {
      await temperatures(START_MS + fromDay * DAY_MS, START_MS + toDay * DAY_MS);
      for (let day = fromDay; day < toDay; day += 1) {
        const rows = Array.from({ length: DAY_WINDOWS }, (_, w) => day * DAY_WINDOWS + w)
          .filter((k) => k > 0)
          .flatMap((k) => windowRows(bridge.id, channels, model, START_MS + k * WINDOW_MS, rng));
        await db.insert(identifiedModes).values(rows);
      }
    };
    const report = async () => {
      const staff = await t.createUser({ staff: true });
      const answer = await t.request<Schemas['AnomalyReport']>({
        method: 'GET',
        url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
        token: staff.token,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    // Seven days of baseline and a healthy eighth: the model learns the SSI modes, not a peak.
    await storeDays(healthy, 0, 8);
    console.info(
      `ssi evaluation (${kind}): reference and 8 days stored after ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    let started = performance.now();
    await evaluateBridge(t.services, bridge.id);
    const healthyMs = performance.now() - started;
    const calm = await report();
    // Each mode named by its span and the reference's frequency, as the dashboard shows it.
    const referenceHz = reference.filter((r) => r.isReference).map((r) => r.frequencyHz ?? 0);
    expect(calm.feature_labels).toEqual({
      'ssi.f1': `main mode 1 (SSI, ${referenceHz[0]?.toFixed(2)} Hz)`,
      'ssi.f2': `main mode 2 (SSI, ${referenceHz[1]?.toFixed(2)} Hz)`,
    });
    // A tracked SSI mode names no data stream, but its span's mode (decision 076 (d)).
    const tracked = calm.frequencies?.map((f) => [f.feature, f.datastream, f.label, f.mode]);
    expect(tracked).toEqual([
      ['ssi.f1', null, calm.feature_labels?.['ssi.f1'], 1],
      ['ssi.f2', null, calm.feature_labels?.['ssi.f2'], 2],
    ]);
    expect(calm.frequencies?.[0]?.hz).toBeCloseTo(1.5, 1);
    expect(calm.num_anomalies).toBe(0);
    expect(calm.events).toEqual([]);

    // A report stored before (d) said 'ssi' for the stream and had no label: it reads the same.
    const stored = {
      ...calm,
      frequencies: calm.frequencies?.map(({ label: _label, ...f }) => ({
        ...f,
        datastream: 'ssi',
      })),
    };
    await db
      .update(analysisResults)
      .set({ report: stored })
      .where(eq(analysisResults.bridgeId, bridge.id));
    expect((await report()).frequencies).toEqual(calm.frequencies);

    // A ninth day with a fifth of the span softened: SSI mode 1 falls 4.5 %, and it is raised.
    await storeDays(damagedBeam(), 8, 9);
    started = performance.now();
    await evaluateBridge(t.services, bridge.id);
    const damagedMs = performance.now() - started;
    const damaged = await report();
    expect(damaged.num_anomalies).toBeGreaterThan(0);
    const episode = damaged.events.at(-1);
    expect(Date.parse(episode?.start ?? '')).toBeGreaterThanOrEqual(START_MS + 8 * DAY_MS);
    expect(episode?.top_contributors[0]?.feature).toBe('ssi.f1');
    expect(episode?.top_contributors[0]?.datastream).toBeNull();
    const f1 = damaged.frequencies?.find((f) => f.feature === 'ssi.f1');
    expect(f1?.hz).toBeCloseTo(1.432, 1);
    expect(f1?.hz).toBeLessThan(1.46);
    console.info(
      `ssi evaluation (${kind}): healthy evaluation ${(healthyMs / 1000).toFixed(1)} s, damaged ${(damagedMs / 1000).toFixed(1)} s; f1 ${f1?.hz.toFixed(3)} Hz; ${damaged.num_anomalies} episode(s)`,
    );
  });
});
