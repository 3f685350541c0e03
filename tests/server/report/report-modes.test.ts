import { describe, expect, it } from 'vitest';
import { modeRows } from '../../../domain/mode-rows.ts';
import { modalSpanOf } from '../../../server/analysis/modal-channels.ts';
import { createModesStore, type NewStoredMode } from '../../../server/analysis/modes-store.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { localisationBeam } from '../../helpers/beam-windows.ts';
import { fullFacts } from './report-facts-fixture.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { pdfText, storesOf } from './report-text.ts';
import { beamBridge, modesAnswer } from '../analysis/stored-modes-fixtures.ts';

const APRIL = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
const MAY = { label: '2026-05', startMs: APRIL.endMs, endMs: Date.UTC(2026, 5, 1) };
const MARCH = { label: '2026-03', startMs: Date.UTC(2026, 2, 1), endMs: APRIL.startMs };
const NOW = new Date('2026-05-03T00:00:00Z');
const WINDOW_MS = 600_000;

type Channel = { datastreamId: number; streamId: string; chainageM: number };

/** A mode's shape on the channels, largest magnitude 1, with a small window-to-window wobble. */
function shapeOf(
  model: ReturnType<typeof localisationBeam>,
  mode: number,
  channels: Channel[],
  wobble: number,
) {
  const values = channels.map(
    (c, j) => model.shapeAt(mode, c.chainageM) * (1 + wobble * Math.sin(7 * j + 3 * mode + 1)),
  );
  const top = Math.max(...values.map(Math.abs));
  return channels.map((c, j) => ({
    datastream_id: c.datastreamId,
    stream_id: c.streamId,
    chainage_m: c.chainageM,
    value: (values[j] ?? 0) / top,
  }));
}

/**
 * Stored windows as the worker would store them (decision 059): six healthy windows from
 * 1 April (the first the reference), one of the beam with element 3 at 90 % stiffness on
 * 20 April, and on 2 May one whose third reference mode is lost and a new mode appears.
 */
async function storeWindows(t: TestContext, bridgeId: number) {
  const channels = (await modalSpanOf(t.services.database.db, bridgeId))?.channels ?? [];
  const store = createModesStore(t.services.database.db);
  const healthy = localisationBeam(-1, 1);
  const damaged = localisationBeam(3, 0.9);
  const save = (
    startMs: number,
    rows: Omit<NewStoredMode, 'bridgeId' | 'windowStart' | 'windowEnd' | 'referenceVersion'>[],
  ) =>
    store.saveWindow(
      bridgeId,
      rows.map((r) => ({
        ...r,
        bridgeId,
        windowStart: new Date(startMs),
        windowEnd: new Date(startMs + WINDOW_MS),
        referenceVersion: 0,
      })),
    );
  const found = (
    model: typeof healthy,
    mode: number,
    position: number,
    wobble: number,
    scale: number,
  ) => ({
    position,
    frequencyHz: (model.frequenciesHz[mode] ?? 0) * scale,
    dampingRatio: 0.01 + 0.001 * mode + 0.0001 * position * scale,
    mpc: 0.99 - 0.001 * mode,
    shape: shapeOf(model, mode, channels, wobble),
    referenceMode: mode,
    referenceMac: 0.999 - 0.002 * mode,
  });
  for (let w = 0; w < 6; w += 1) {
    const scale = 1 + 0.001 * Math.sin(w);
    await save(
      APRIL.startMs + w * WINDOW_MS,
      [0, 1, 2].map((mode) => ({
        ...found(healthy, mode, mode, 0.003 * Math.cos(w + mode), scale),
        isReference: w === 0,
        ...(w === 0 ? { referenceMac: 1 } : {}),
      })),
    );
  }
  await save(
    Date.UTC(2026, 3, 20, 12),
    [0, 1, 2].map((mode) => found(damaged, mode, mode, 0, 1)),
  );
  await save(Date.UTC(2026, 4, 2, 6), [
    found(damaged, 0, 0, 0.001, 0.995),
    found(damaged, 1, 1, 0.001, 0.995),
    {
      position: 2,
      frequencyHz: 9.05,
      dampingRatio: 0.025,
      mpc: 0.912,
      shape: shapeOf(healthy, 1, channels, 0.2),
      referenceMode: null,
      referenceMac: null,
    },
    {
      position: 3,
      frequencyHz: null,
      dampingRatio: null,
      mpc: null,
      shape: [],
      referenceMode: 2,
      referenceMac: null,
      lost: true,
    },
  ]);
}

// Issue 31, decision 076: the report's modes section states the stored modes with the numbers
// the dashboard's Modes card derives from the same answer.
describe.each(drivers)('monthly report modes on %s', (kind) => {
  const t = setupTestApp(kind);

  it("states the month's newest window against the reference with the Modes card's numbers", async () => {
    const { bridge } = await beamBridge(t.services, 'Report Beam');
    await storeWindows(t, bridge.id);

    // May is the newest window: the report's rows are the card's rows of the API's answer.
    const answer = await modesAnswer(t, bridge.id);
    expect(answer.status).toBe(200);
    const card = modeRows(answer.body);
    const may = (await gatherReportFacts(storesOf(t), bridge.id, MAY, NOW)).modes;
    expect(may.absent).toBeNull();
    expect(
      may.tracked.map(
        ({ windowsFound: _f, windowsLost: _l, lowHz: _lo, highHz: _hi, daily: _d, ...row }) => row,
      ),
    ).toEqual(card.tracked.map(({ referenceShape: _r, latestShape: _s, ...row }) => row));
    expect(may.unmatched.map((r) => [r.name, r.latestHz, r.mpc])).toEqual([
      ['New at 9.05 Hz', 9.05, 0.912],
    ]);
    expect(may.tracked.map((r) => r.state)).toEqual(['found', 'found', 'lost']);
    expect(may.locatedChange).toEqual(answer.body.located_change);
    expect(may.locatedChange).not.toBeNull();
    expect(may.windowsInMonth).toBe(1);
    expect(may.tracked.map((r) => [r.windowsFound, r.windowsLost])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(may.referenceWindowStart).toBe(new Date(APRIL.startMs).toISOString());
    expect(may.referenceVersion).toBeNull();
    expect(may.spanLabel).toBe('main');
    expect(may.latestSensors).toBe(11);

    // April's newest window is the one of 20 April, not May's: its figures are the stored rows'.
    const april = (await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW)).modes;
    const healthy = localisationBeam(-1, 1);
    const damaged = localisationBeam(3, 0.9);
    expect(april.latestWindowStart).toBe(new Date(Date.UTC(2026, 3, 20, 12)).toISOString());
    expect(april.windowsInMonth).toBe(7);
    april.tracked.forEach((row, mode) => {
      const reference = healthy.frequenciesHz[mode] ?? 0;
      const now = damaged.frequenciesHz[mode] ?? 0;
      expect(row.referenceHz).toBeCloseTo(reference, 12);
      expect(row.latestHz).toBeCloseTo(now, 12);
      expect(row.changePercent).toBeCloseTo(((now - reference) / reference) * 100, 10);
      expect(row.dampingPercent).toBeCloseTo((0.01 + 0.001 * mode + 0.0001 * mode) * 100, 10);
      expect(row.mpc).toBeCloseTo(0.99 - 0.001 * mode, 12);
      expect(row.mac).toBeCloseTo(0.999 - 0.002 * mode, 12);
      expect([row.windowsFound, row.windowsLost]).toEqual([7, 0]);
      const healthyWindows = [0, 1, 2, 3, 4, 5].map((w) => reference * (1 + 0.001 * Math.sin(w)));
      expect(row.lowHz).toBeCloseTo(Math.min(now, ...healthyWindows), 12);
      expect(row.highHz).toBeCloseTo(Math.max(now, ...healthyWindows), 12);
    });
    expect(april.unmatched).toEqual([]);
    // The month's daily trend: 1 April's six healthy windows, then 20 April's damaged one.
    const quantile = (sorted: number[], q: number) => {
      const at = q * (sorted.length - 1);
      const below = sorted[Math.floor(at)] ?? 0;
      return below + (at - Math.floor(at)) * ((sorted[Math.ceil(at)] ?? 0) - below);
    };
    april.tracked.forEach((row, mode) => {
      const reference = healthy.frequenciesHz[mode] ?? 0;
      const first = [0, 1, 2, 3, 4, 5].map((w) => reference * (1 + 0.001 * Math.sin(w)));
      const sorted = [...first].sort((a, b) => a - b);
      expect(row.daily.map((d) => [d.day, d.found, d.lost])).toEqual([
        ['2026-04-01', 6, 0],
        ['2026-04-20', 1, 0],
      ]);
      const [april1, april20] = row.daily;
      expect(april1?.frequencyHz?.median).toBeCloseTo(quantile(sorted, 0.5), 12);
      expect(april1?.frequencyHz?.q1).toBeCloseTo(quantile(sorted, 0.25), 12);
      expect(april1?.frequencyHz?.q3).toBeCloseTo(quantile(sorted, 0.75), 12);
      const damping = first
        .map((hz) => 0.01 + 0.001 * mode + (0.0001 * mode * hz) / reference)
        .sort((a, b) => a - b);
      expect(april1?.dampingRatio?.median).toBeCloseTo(quantile(damping, 0.5), 12);
      expect(april20?.frequencyHz?.median).toBeCloseTo(damaged.frequenciesHz[mode] ?? 0, 12);
    });
    // May's one day: the third mode lost in its only window, so no frequency that day.
    expect(may.tracked.map((r) => r.daily.map((d) => [d.day, d.found, d.lost]))).toEqual([
      [['2026-05-02', 1, 0]],
      [['2026-05-02', 1, 0]],
      [['2026-05-02', 0, 1]],
    ]);
    expect(may.tracked[2]?.daily[0]?.frequencyHz).toBeNull();
    expect(may.unmatched.map((r) => r.daily)).toEqual([[]]);
    const aprilText = await pdfText(await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW));
    expect(aprilText).toMatch(
      /Figure \d+: Each reference mode's daily median frequency in the month as a change from its reference frequency \(%\), with the day’s quartiles as bars; UTC days; Mode 1 blue, Mode 2 orange, Mode 3 green/,
    );
    expect(aprilText).toMatch(
      /Figure \d+: Each reference mode's daily median damping ratio in the month/,
    );
    expect(april.locatedChange?.supports_m).toEqual([0, 40]);
    expect(april.locatedChange?.modes_compared).toBe(3);
    // From the model's own shapes (not identified ones) the strip points at element 3 (6-8 m);
    // one window after the reference names a candidate, not yet a location (decision 076,
    // 2026-12-02: 2 of the newest 2 windows must agree).
    expect(april.locatedChange?.candidate_m).toBeGreaterThan(6);
    expect(april.locatedChange?.candidate_m).toBeLessThan(8);
    expect(april.locatedChange?.location_m).toBeNull();
    expect(april.locatedChange?.persistence).toEqual({ agreeing: 1, of: 2, needed: 2 });

    const mayText = await pdfText(await gatherReportFacts(storesOf(t), bridge.id, MAY, NOW));
    const third = card.tracked[2];
    expect(mayText).toContain(
      `Mode 3: reference ${third?.referenceHz?.toFixed(3)} Hz; lost in the newest window (no estimate). ` +
        'In the month found in 0 of 1 window matched against this reference.',
    );
    expect(mayText).toContain('1 of 3 reference modes lost in the newest window.');
    expect(mayText).toContain(
      'Daily trend: the modes were found on fewer than 2 days of the month, so no trend is drawn.',
    );
    expect(mayText).toContain("Of 3 reference modes, 1 was not found in the month's newest window");
  });

  // The demo's December report: the baseline's backfill (modal-backfill.ts) had stored windows
  // older than the reference window, matched against it, and the oldest window of the version
  // was taken for the reference: "No reference window is stored…", "holds no mode".
  it('finds the reference window when the backfill stored older windows against it', async () => {
    const { bridge } = await beamBridge(t.services, 'Backfilled Beam');
    const channels = (await modalSpanOf(t.services.database.db, bridge.id))?.channels ?? [];
    const healthy = localisationBeam(-1, 1);
    const rows = (startMs: number, isReference: boolean): NewStoredMode[] =>
      [0, 1, 2].map((mode) => ({
        bridgeId: bridge.id,
        windowStart: new Date(startMs),
        windowEnd: new Date(startMs + WINDOW_MS),
        referenceVersion: 0,
        position: mode,
        frequencyHz: healthy.frequenciesHz[mode] ?? 0,
        dampingRatio: 0.01,
        mpc: 0.99,
        shape: shapeOf(healthy, mode, channels, 0),
        referenceMode: mode,
        referenceMac: isReference ? 1 : 0.99,
        isReference,
      }));
    const store = createModesStore(t.services.database.db);
    const referenceStart = Date.UTC(2026, 3, 10, 8);
    await store.saveWindow(bridge.id, rows(referenceStart, true));
    await store.saveWindow(bridge.id, rows(Date.UTC(2026, 3, 3, 8), false)); // the backfill's
    await store.saveWindow(bridge.id, rows(referenceStart + WINDOW_MS, false));

    const answer = await modesAnswer(t, bridge.id);
    expect(answer.body.reference?.window_start).toBe(new Date(referenceStart).toISOString());
    const april = (await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW)).modes;
    expect(april.referenceWindowStart).toBe(new Date(referenceStart).toISOString());
    expect(april.tracked.map((r) => r.state)).toEqual(['found', 'found', 'found']);
    const text = await pdfText(await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW));
    expect(text).not.toContain('No reference window is stored');
    expect(text).not.toContain('holds no mode');
    expect(text).toContain('0 of 3 reference modes lost in the newest window.');
  });

  it('says in one sentence why a bridge has no modes', async () => {
    const lone = await t.services.bridges.create({ name: 'Lone Sensor Bridge', location: 'River' });
    const span = await t.services.spans.create({ bridgeId: lone.id, label: 'main', length: 30 });
    const sensor = await t.services.sensors.create({
      bridgeId: lone.id,
      spanId: span.id,
      label: 'acc-1',
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
      chainageM: 15,
      direction: 'vertical',
    });
    await t.services.datastreams.create({
      streamId: 'lone-acc-1',
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
    const facts = await gatherReportFacts(storesOf(t), lone.id, APRIL, NOW);
    const why =
      'Modes need at least 3 vertical accelerometers with positions (a chainage) on one span, ' +
      'identified together; this bridge has 1 (1 accelerometer active in all).';
    expect(facts.modes.absent).toBe(why);
    expect(facts.modes.tracked).toEqual([]);
    expect(await pdfText(facts)).toContain(`Modes ${why}`);

    // Enough accelerometers, but no window identified by the month's end.
    const { bridge } = await beamBridge(t.services, 'Quiet Beam');
    const march = await gatherReportFacts(storesOf(t), bridge.id, MARCH, NOW);
    expect(march.modes.absent).toBe(
      "No 10-minute window of span main's 11 vertical accelerometers had been identified by the end of the month.",
    );
  });
});

// Decision 021, amendment 2026-12-02 (a): with no reference window to compare with, the section
// says so in the Modes card's words and names the newest window's modes, never "no mode".
describe('monthly report modes without a reference window', () => {
  it("names the newest window's modes in the Modes card's words", async () => {
    const facts = fullFacts();
    const modes = {
      ...facts.modes,
      referenceVersion: 1,
      referenceWindowStart: null,
      windowsInMonth: 6,
      latestFrequenciesHz: [2.431, 3.1],
      tracked: [],
      unmatched: [],
      locatedChange: null,
    };
    const text = await pdfText({ ...facts, modes });
    expect(text).toContain(
      "Span S1, 5 sensors in the newest window's shapes. No window identified since reference " +
        'version 1 became active: its modes are compared from the next one. Newest window of the ' +
        'month: 2026-04-30 23:50 UTC, modes at 2.431 Hz, 3.100 Hz; 6 windows identified in the month.',
    );
    expect(text).not.toContain('holds no mode');
    const first = await pdfText({ ...facts, modes: { ...modes, referenceVersion: null } });
    expect(first).toContain(
      "newest window's shapes. No reference identified yet. Newest window of the month:",
    );
  });
});
