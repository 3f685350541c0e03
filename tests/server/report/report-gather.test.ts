import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { analysisResults, companies, datastreams } from '../../../server/db/schema.ts';
import { createMaintenanceRepository } from '../../../server/maintenance/maintenance-repository.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { drivers } from '../../helpers/test-database.ts';
import { APRIL_MAINTENANCE_PERIODS } from './report-facts-fixture.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { createAnalysisRepository } from '../../../server/analysis/analysis-repository.ts';
import { storeEvaluation } from '../analysis/stored-evaluation.ts';
import { evaluationAt } from './condition-evaluations.ts';

const APRIL = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
const MARCH = { label: '2026-03', startMs: Date.UTC(2026, 2, 1), endMs: APRIL.startMs };
const FEBRUARY = { label: '2026-02', startMs: Date.UTC(2026, 1, 1), endMs: MARCH.startMs };
const MAY = { label: '2026-05', startMs: APRIL.endMs, endMs: Date.UTC(2026, 5, 1) };

/** What the report's thread reads through, here the test app's own repositories. */
const storesOf = (t: ReturnType<typeof setupTestApp>) => ({
  ...t.services,
  db: t.services.database.db,
});

async function textOf(facts: Awaited<ReturnType<typeof gatherReportFacts>>) {
  const { text } = await extractText(new Uint8Array(await renderReportPdf(facts)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

const episode = (start: string, frequencyShift: Record<string, unknown>) => ({
  start,
  end: start.replace('T10', 'T14'),
  windows: 8,
  peak_error: 9.5,
  top_contributors: [{ feature: 'acc.f1', datastream: 'acc', share: 1 }],
  frequency_shift: frequencyShift,
});

/** A bridge with a stored evaluation whose report gets `fields` (and the row `evaluatedAt`). */
async function evaluatedBridge(
  t: ReturnType<typeof setupTestApp>,
  name: string,
  fields: Record<string, unknown>,
  evaluatedAt?: Date,
) {
  const bridge = await t.services.bridges.create({ name, location: 'River' });
  await storeEvaluation(t.services, bridge);
  const { db } = t.services.database;
  const [row] = await db
    .select({ report: analysisResults.report })
    .from(analysisResults)
    .where(eq(analysisResults.bridgeId, bridge.id));
  await db
    .update(analysisResults)
    .set({
      report: { ...(row?.report as object), ...fields },
      ...(evaluatedAt ? { evaluatedAt } : {}),
    })
    .where(eq(analysisResults.bridgeId, bridge.id));
  return bridge;
}

describe.each(drivers)('monthly report facts on %s', (kind) => {
  const t = setupTestApp(kind);

  it("states each episode's shift with its uncertainty and the trigger level crossed", async () => {
    const events = [
      episode('2026-04-03T10:00:00.000Z', {
        feature: 'acc.f1',
        shift_hz: -0.067,
        shift_percent: -2.31,
        uncertainty_hz: 0.012,
        uncertainty_percent: 0.41,
        duration_hours: 36,
        level: 'amber',
        level_percent: -2,
      }),
      // Stored before issue 15: no uncertainty, no level.
      episode('2026-04-05T10:00:00.000Z', {
        feature: 'acc.f1',
        shift_hz: -0.041,
        shift_percent: -1.2,
      }),
    ];
    const bridge = await evaluatedBridge(t, 'Shifted Bridge', { events });

    const facts = await gatherReportFacts(
      storesOf(t),
      bridge.id,
      APRIL,
      new Date('2026-05-02T00:00:00Z'),
    );
    expect(facts.condition?.episodes.map((e) => e.frequencyShift)).toEqual([
      'acc.f1 \u22122.3 % \u00b1 0.4 % over 36 h; crossed amber (\u22122 %)',
      'acc.f1 -0.041 Hz (-1.20 %)',
    ]);
    const { text } = await extractText(new Uint8Array(await renderReportPdf(facts)), {
      mergePages: true,
    });
    // The PDF's standard fonts have no typographic minus: it is written as a hyphen.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'frequency shift acc.f1 -2.3 % \u00b1 0.4 % over 36 h; crossed amber (-2 %)',
    );
  });

  // Decision 074, amended: the episodes are kept between evaluations, so the report of a past
  // month lists the pairs that disagreed in it although the latest evaluation found none.
  it('lists the twin pairs that disagreed in the month, from the stored episodes, after later evaluations found none', async () => {
    const detail =
      "tw-str and tw-strb disagree: tw-str's response grew by 10 % against tw-strb's (window " +
      "standard deviation ratios since the onset, against the reference's); a pair cannot tell " +
      'which of the two changed, so neither is called faulty on this alone';
    const bridge = await evaluatedBridge(t, 'Twin Bridge', {}, new Date('2026-05-01T12:00:00Z'));
    const { db } = t.services.database;
    const ids = await Promise.all(
      ['tw-str', 'tw-strb'].map(async (streamId) => {
        const [row] = await db
          .insert(datastreams)
          .values({ streamId, dataType: 'strain', companyId: bridge.companyId })
          .returning({ id: datastreams.id });
        return row?.id ?? 0;
      }),
    );
    const pair = { datastreamIds: [ids[0] ?? 0, ids[1] ?? 0] as const, ratioChangePercent: 10.2 };
    const found = { ...pair, onsetMs: Date.parse('2026-03-10T22:00:00Z'), detail };
    const evaluated = (iso: string, pairs: (typeof found)[]) =>
      t.services.sensorDisagreements.record(bridge.id, pairs, Date.parse(iso), new Date());
    await evaluated('2026-03-11T12:00:00Z', [found]);
    // A later evaluation re-estimates the onset within its own day: the episode keeps its first.
    await evaluated('2026-03-14T12:00:00Z', [
      { ...found, onsetMs: Date.parse('2026-03-13T12:00:00Z') },
    ]);
    await evaluated('2026-03-20T06:00:00Z', []);
    await evaluated('2026-04-30T12:00:00Z', []);
    const now = new Date('2026-05-02T00:00:00Z');

    const march = await textOf(await gatherReportFacts(storesOf(t), bridge.id, MARCH, now));
    expect(march).toContain(
      'Twin sensors that disagree Co-located twin gauges whose response ratio moved',
    );
    expect(march).toContain(
      '• tw-str and tw-strb disagree since 2026-03-10 22:00 UTC: one of them reads wrong; ' +
        'neither is left out of the condition analysis, the limits or the fatigue counting, so ' +
        "inspect both. tw-str's response grew by 10 %",
    );
    expect(march).toContain('No longer found from 2026-03-20 06:00 UTC.');
    // Neither gauge is listed as a fault.
    expect(march).toContain('No sensor fault was in force during the month.');
    // Not in a month before it began or after it ended.
    for (const month of [FEBRUARY, APRIL]) {
      const facts = await gatherReportFacts(storesOf(t), bridge.id, month, now);
      expect(facts.sensorDisagreements).toEqual([]);
      expect(await textOf(facts)).not.toContain('Twin sensors that disagree');
    }
  });

  it('says a pair still disagreeing at the month’s end is so', async () => {
    const bridge = await evaluatedBridge(t, 'Open Twin Bridge', {});
    const { db } = t.services.database;
    const [a, b] = await db
      .insert(datastreams)
      .values(
        ['ot-str', 'ot-strb'].map((streamId) => ({
          streamId,
          dataType: 'strain',
          companyId: bridge.companyId,
        })),
      )
      .returning({ id: datastreams.id });
    await t.services.sensorDisagreements.record(
      bridge.id,
      [
        {
          datastreamIds: [a?.id ?? 0, b?.id ?? 0],
          onsetMs: Date.parse('2026-04-29T22:00:00Z'),
          ratioChangePercent: -9.8,
          detail: "ot-str and ot-strb disagree: ot-str's response shrank by 10 %",
        },
      ],
      Date.parse('2026-04-30T12:00:00Z'),
      new Date(),
    );
    const now = new Date('2026-05-02T00:00:00Z');
    const april = await gatherReportFacts(storesOf(t), bridge.id, APRIL, now);
    expect(april.sensorDisagreements.map((p) => [p.streamIds, p.since, p.ended])).toEqual([
      [['ot-str', 'ot-strb'], '2026-04-29T22:00:00.000Z', null],
    ]);
    expect(await textOf(april)).toContain(
      "ot-str's response shrank by 10 %. Still disagreeing at the month’s end.",
    );
    // Still disagreeing: May lists it too.
    const may = await gatherReportFacts(storesOf(t), bridge.id, MAY, now);
    expect(may.sensorDisagreements).toHaveLength(1);
  });

  it("writes in the units of the bridge's company (decision 064)", async () => {
    const bridge = await t.services.bridges.create({ name: 'Imperial Bridge', location: 'River' });
    const now = new Date('2026-05-02T00:00:00Z');
    expect((await gatherReportFacts(storesOf(t), bridge.id, APRIL, now)).units).toBe('metric');
    await t.services.database.db
      .update(companies)
      .set({ units: 'imperial' })
      .where(eq(companies.id, bridge.companyId));
    expect((await gatherReportFacts(storesOf(t), bridge.id, APRIL, now)).units).toBe('imperial');
  });

  it('lists the register statuses in force during the month, not the status now (decision 045 (i))', async () => {
    const bridge = await t.services.bridges.create({ name: 'Register Bridge', location: 'River' });
    const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'S1', length: 40 });
    const sensor = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: 'rb-str-1',
      type: 'strain_gauge',
      status: 'active',
      installationDate: '2026-03-10',
    });
    const change = (status: 'active' | 'maintenance' | 'faulty', at: string) =>
      t.services.sensorStatus.change({
        sensorId: sensor.id,
        status,
        effectiveAt: new Date(at),
        note: null,
      });
    await change('maintenance', '2026-04-03T10:00:00Z');
    await change('active', '2026-04-07T16:00:00Z');
    await change('faulty', '2026-05-10T06:30:00Z');
    const now = new Date('2026-06-02T00:00:00Z');
    const line = async (month: typeof APRIL) => {
      const text = await textOf(await gatherReportFacts(storesOf(t), bridge.id, month, now));
      return /rb-str-1: strain gauge, installed 2026-03-10; in the month: (.*?) Condition /
        .exec(text)?.[1]
        ?.trim();
    };
    const april = await gatherReportFacts(storesOf(t), bridge.id, APRIL, now);
    expect(april.spans[0]?.sensors[0]?.statusInMonth).toEqual(APRIL_MAINTENANCE_PERIODS);
    expect(await line(APRIL)).toBe(
      'Active until 2026-04-03 10:00 UTC; Under Maintenance from 2026-04-03 10:00 UTC to ' +
        '2026-04-07 16:00 UTC; Active from 2026-04-07 16:00 UTC',
    );
    // Installed on 10 March; faulty now, but not in March or April.
    expect(await line(MARCH)).toBe('Active from 2026-03-10 00:00 UTC');
    expect(await line(MAY)).toBe(
      'Active until 2026-05-10 06:30 UTC; Faulty from 2026-05-10 06:30 UTC',
    );
    expect(await line(FEBRUARY)).toBe('not installed in the month');
  });

  it('lists only the maintenance of the month, and says when there was none', async () => {
    const bridge = await t.services.bridges.create({ name: 'Quiet Bridge', location: 'River' });
    const { db } = t.services.database;
    // Recorded without the API (as the seed does), so no audit entry names who recorded it.
    await createMaintenanceRepository(db).add({
      bridgeId: bridge.id,
      occurredOn: '2026-04-10',
      kind: 'bearing_replacement',
      note: 'West bearings renewed',
    });
    const now = new Date('2026-05-02T00:00:00Z');

    const march = await gatherReportFacts(storesOf(t), bridge.id, MARCH, now);
    expect(march.maintenance).toEqual([]);
    const marchText = await textOf(march);
    expect(marchText).toContain('Maintenance No maintenance recorded this month.');
    expect(marchText).toContain('No maintenance was recorded in the month.');
    expect(marchText).not.toContain('West bearings renewed');

    const aprilText = await textOf(await gatherReportFacts(storesOf(t), bridge.id, APRIL, now));
    expect(aprilText).toContain(
      '2026-04-10 · Bearing replacement "West bearings renewed" Starts a new baseline: ' +
        "the analysis learns the bridge's normal again from this day and judges nothing after it " +
        'until 7 days of data follow; re-baselining, 0 of 7 days (no data stored since).',
    );
    expect(aprilText).not.toContain('Recorded by');
  });

  it('states a held condition, not the Good of a week that judged too little (decision 017 (b))', async () => {
    const bridge = await evaluatedBridge(t, 'Warm Week', {
      num_anomalies: 0,
      held_condition: { num_anomalies: 2, from: '2026-04-01T06:00:00.000Z', judged_share: 0.1 },
    });
    const facts = await gatherReportFacts(storesOf(t), bridge.id, APRIL, new Date());
    expect(facts.condition?.current).toBe('Fair');
  });

  it('states the condition at the start and end of the month and each change with its date', async () => {
    const bridge = await t.services.bridges.create({ name: 'Changing Bridge', location: 'River' });
    const { db } = t.services.database;
    const analysis = createAnalysisRepository(db);
    // Spec §4: no episode is Good, six Critical, one Fair.
    await analysis.saveEvaluation(bridge.id, evaluationAt('2026-03-25T06:00:00.000Z', 0));
    await analysis.saveEvaluation(bridge.id, evaluationAt('2026-04-03T06:00:00.000Z', 0));
    await analysis.saveEvaluation(bridge.id, evaluationAt('2026-04-10T06:00:00.000Z', 6));
    await analysis.saveEvaluation(bridge.id, evaluationAt('2026-04-20T06:00:00.000Z', 1));
    const now = new Date('2026-05-02T00:00:00Z');

    const april = await textOf(await gatherReportFacts(storesOf(t), bridge.id, APRIL, now));
    expect(april).toContain(
      'Condition at the start of the month: Good ' +
        '• Changes of condition in the month (3 evaluations stored in it): ' +
        '• 2026-04-10 06:00 UTC: changed from Good to Critical ' +
        '• 2026-04-20 06:00 UTC: changed from Critical to Fair ' +
        '• Condition at the end of the month: Fair',
    );
    expect(april).toContain(
      'Its condition was Good at the start of the month, became Critical on 2026-04-10 and then ' +
        'Fair on 2026-04-20.',
    );

    const march = await textOf(await gatherReportFacts(storesOf(t), bridge.id, MARCH, now));
    expect(march).toContain(
      'Condition at the start of the month: not known (no evaluation stored before it) ' +
        '• Changes of condition in the month (1 evaluation stored in it): ' +
        '• 2026-03-25 06:00 UTC: first evaluated, Good • Condition at the end of the month: Good',
    );

    const february = await textOf(await gatherReportFacts(storesOf(t), bridge.id, FEBRUARY, now));
    expect(february).toContain(
      'No evaluation is stored from before the end of the month: the condition in the month is not known',
    );
    expect(february).toContain('Its condition in the month is not known.');
    expect(february).not.toContain('Condition at the start of the month');

    const may = await textOf(await gatherReportFacts(storesOf(t), bridge.id, MAY, now));
    expect(may).toContain(
      'No change of condition in the month (0 evaluations stored in it) ' +
        '• Condition so far this month (latest evaluation): Fair',
    );
    expect(may).toContain('Its condition stayed Fair so far this month.');
  });
});
