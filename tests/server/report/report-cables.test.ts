import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { REFERENCE_WINDOWS } from '../../../domain/cable.ts';
import { cableTensions } from '../../../server/db/schema.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 079: the monthly report's Cable tension section, from the stored tensions.

const APRIL = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
const NOW = new Date('2026-05-02T00:00:00Z');

const CABLE = {
  length_m: 40,
  mass_per_m: 45,
  bending_stiffness_nm2: null,
  tension_low_kn: 900,
  tension_high_kn: 1400,
  tension_change_percent: 5,
  reference_tension_kn: 1200,
};

const storesOf = (t: TestContext) => ({ ...t.services, db: t.services.database.db });

async function textOf(facts: Awaited<ReturnType<typeof gatherReportFacts>>) {
  const { text } = await extractText(new Uint8Array(await renderReportPdf(facts)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

/** A bridge whose accelerometer `label` hangs on CABLE, its stream `<label>-acc`. */
async function hangerBridge(t: TestContext, name: string, label: string) {
  const { bridges, spans, sensors, datastreams } = t.services;
  const bridge = await bridges.create({ name, location: 'Harbour' });
  const span = await spans.create({ bridgeId: bridge.id, label: 'main', length: 472 });
  const sensor = await sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label,
    type: 'accelerometer',
    status: 'active',
    installationDate: '2025-01-01',
    cable: CABLE,
  });
  const stream = await datastreams.create({
    streamId: `${label}-acc`,
    dataType: 'acceleration',
    sensorIds: [sensor.id],
  });
  return { bridge, sensor, stream };
}

type Stored = { at: string; kn: number | null; note?: string };

async function storeTensions(
  t: TestContext,
  ids: { bridge: number; sensor: number; stream: number },
  rows: Stored[],
) {
  await t.services.database.db.insert(cableTensions).values(
    rows.map((row) => ({
      bridgeId: ids.bridge,
      sensorId: ids.sensor,
      datastreamId: ids.stream,
      windowStart: new Date(row.at),
      tensionN: row.kn === null ? null : row.kn * 1000,
      uncertaintyN: row.kn === null ? null : 3200,
      harmonics: [],
      note: row.note ?? null,
      evaluatedAt: NOW,
    })),
  );
}

describe.each(drivers)("the monthly report's cable tension on %s", (kind) => {
  const t = setupTestApp(kind);

  it("gives each cable's newest tension, the month's spread, its limits and change", async () => {
    const { bridge, sensor, stream } = await hangerBridge(t, 'Hanger Bridge', 'LG-HNG-1');
    const ids = { bridge: bridge.id, sensor: sensor.id, stream: stream.id };
    await storeTensions(t, ids, [
      { at: '2026-03-31T23:50:00Z', kn: 800 },
      { at: '2026-04-02T10:00:00Z', kn: 1180 },
      { at: '2026-04-15T10:00:00Z', kn: 1230 },
      { at: '2026-04-30T23:40:00Z', kn: 1176 },
      {
        at: '2026-04-30T23:50:00Z',
        kn: null,
        note: '2 harmonics of 2.310 Hz found; at least 3 are needed for a tension',
      },
      { at: '2026-05-01T00:00:00Z', kn: 1500 },
    ]);

    const facts = await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW);
    expect(facts.cables.absent).toBeNull();
    const [cable] = facts.cables.cables;
    expect(cable).toMatchObject({
      sensorLabel: 'LG-HNG-1',
      streamId: 'LG-HNG-1-acc',
      referenceKn: 1200,
      referenceSet: true,
      latest: { windowStart: '2026-04-30T23:40:00.000Z', tensionKn: 1176, uncertaintyKn: 3.2 },
      windowsInMonth: 4,
      tensionsInMonth: 3,
      minKn: 1176,
      maxKn: 1230,
      newestNote: '2 harmonics of 2.310 Hz found; at least 3 are needed for a tension',
    });
    expect(cable?.meanKn).toBeCloseTo(1195.333, 3);
    expect(cable?.latest?.changePercent).toBeCloseTo(-2, 9);
    expect(cable?.meanChangePercent).toBeCloseTo(-0.3889, 4);

    const text = await textOf(facts);
    expect(text).toContain(
      'LG-HNG-1 (stream LG-HNG-1-acc; 40 m, 45 kg/m, EI fitted from the harmonics): ' +
        'newest tension 1176 ± 3.2 kN (window of',
    );
    expect(text).toContain(
      '-2.00 % from the reference 1200 kN. In the month 3 of 4 windows held a tension: ' +
        'mean 1195 kN, lowest 1176 kN, highest 1230 kN; the mean -0.39 % from the reference. ' +
        'The newest window holds none: 2 harmonics of 2.310 Hz found; at least 3 are needed ' +
        'for a tension. Limits: low 900 kN · high 1400 kN · ±5 % of the reference 1200 kN.',
    );
  });

  it("gives every cable of the bridge its own month and reference, in the cables' order", async () => {
    const { bridge, sensor, stream } = await hangerBridge(t, 'Three Hanger Bridge', 'TH-1');
    const { sensors, datastreams } = t.services;
    const more = async (label: string, referenceKn: number | null) => {
      const added = await sensors.create({
        bridgeId: bridge.id,
        spanId: sensor.spanId,
        label,
        type: 'accelerometer',
        status: 'active',
        installationDate: '2025-01-01',
        cable: { ...CABLE, reference_tension_kn: referenceKn },
      });
      const addedStream = await datastreams.create({
        streamId: `${label}-acc`,
        dataType: 'acceleration',
        sensorIds: [added.id],
      });
      return { bridge: bridge.id, sensor: added.id, stream: addedStream.id };
    };
    const first = { bridge: bridge.id, sensor: sensor.id, stream: stream.id };
    const learnt = await more('TH-2', null);
    const quiet = await more('TH-3', 1100);
    await storeTensions(t, first, [
      { at: '2026-04-10T10:00:00Z', kn: 1188 },
      { at: '2026-04-11T10:00:00Z', kn: 1212 },
    ]);
    // TH-2's first stored day (its reference, 1000 kN), then April at 1050 kN and a later window.
    const firstDay = Array.from({ length: REFERENCE_WINDOWS }, (_, i) => ({
      at: new Date(Date.UTC(2026, 2, 1) + i * 600_000).toISOString(),
      kn: i % 2 === 0 ? 990 : 1010,
    }));
    await storeTensions(t, learnt, [
      ...firstDay,
      { at: '2026-04-20T10:00:00Z', kn: 1050 },
      { at: '2026-04-21T10:00:00Z', kn: null, note: 'no harmonic series found' },
    ]);
    await storeTensions(t, quiet, [{ at: '2026-03-20T10:00:00Z', kn: 1100 }]);

    const facts = await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW);
    expect(facts.cables.cables.map((c) => c.sensorLabel)).toEqual(['TH-1', 'TH-2', 'TH-3']);
    const [one, two, three] = facts.cables.cables;
    expect(one).toMatchObject({
      referenceKn: 1200,
      referenceSet: true,
      latest: { windowStart: '2026-04-11T10:00:00.000Z', tensionKn: 1212 },
      windowsInMonth: 2,
      tensionsInMonth: 2,
      meanKn: 1200,
      newestNote: null,
    });
    expect(two).toMatchObject({
      referenceSet: false,
      latest: { windowStart: '2026-04-20T10:00:00.000Z', tensionKn: 1050 },
      windowsInMonth: 2,
      tensionsInMonth: 1,
      newestNote: 'no harmonic series found',
    });
    expect(two?.referenceKn).toBeCloseTo(1000, 9);
    expect(two?.latest?.changePercent).toBeCloseTo(5, 9);
    expect(three).toMatchObject({
      referenceKn: 1100,
      latest: null,
      windowsInMonth: 0,
      tensionsInMonth: 0,
      meanKn: null,
      newestNote: null,
    });
  });

  it('says so when a cable has no tension in the month, and leaves out a bridge with no cable', async () => {
    const { bridge, sensor, stream } = await hangerBridge(t, 'Quiet Hanger Bridge', 'QH-1');
    await storeTensions(t, { bridge: bridge.id, sensor: sensor.id, stream: stream.id }, [
      { at: '2026-04-20T10:00:00Z', kn: null, note: 'no harmonic series found' },
    ]);
    const text = await textOf(await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW));
    expect(text).toContain(
      'QH-1 (stream QH-1-acc; 40 m, 45 kg/m, EI fitted from the harmonics): no tension ' +
        'estimated in the month (1 window stored). The newest window: no harmonic series found.',
    );

    const plain = await t.services.bridges.create({ name: 'Plain Bridge', location: 'River' });
    const facts = await gatherReportFacts(storesOf(t), plain.id, APRIL, NOW);
    expect(facts.cables).toEqual({
      absent: 'No sensor of this bridge is on a stay or hanger, so no cable tension is estimated.',
      cables: [],
    });
    // The gathered facts say why; the PDF has no section for it, as the dashboard has no card.
    expect(await textOf(facts)).not.toContain('Cable tension');
  });
});
