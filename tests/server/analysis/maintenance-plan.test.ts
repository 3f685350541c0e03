import { describe, expect, it } from 'vitest';
import { buildRebaseliningReport } from '../../../server/analysis/evaluation-report.ts';
import {
  maintenancePlan,
  maintenanceRetrainDue,
  repairDueSince,
  settlingSensors,
} from '../../../server/analysis/maintenance-plan.ts';
import { resolvedByMaintenance } from '../../../server/alerts/maintenance-alerts.ts';

const DAY = 86_400_000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('maintenance plan', () => {
  it('re-baselines from the latest repair until 7 days of data follow it', () => {
    const events = [
      { occurredOn: '2026-03-01', kind: 'repair' as const, sensorId: null },
      { occurredOn: '2026-05-10', kind: 'bearing_replacement' as const, sensorId: null },
    ];
    const early = maintenancePlan(events, at('2026-05-13') + 5 * 3_600_000);
    expect(early.structuralSince).toBe(at('2026-05-10'));
    expect(early.rebaselining).toEqual({ since: '2026-05-10', days: 3, of: 7 });
    // Data still ending before the event: nothing stored since, 0 of 7.
    expect(maintenancePlan(events, at('2026-05-09')).rebaselining?.days).toBe(0);
    const settled = maintenancePlan(events, at('2026-05-17'));
    expect(settled.rebaselining).toBeNull();
    expect(settled.structuralSince).toBe(at('2026-05-10'));
    expect(maintenancePlan([], at('2026-05-17'))).toEqual({
      structuralSince: null,
      rebaselining: null,
      sensorSince: new Map(),
    });
  });

  it('restarts a re-zeroed sensor unless a later repair restarts everything', () => {
    const plan = maintenancePlan(
      [
        { occurredOn: '2026-04-01', kind: 'sensor_rezero', sensorId: 4 },
        { occurredOn: '2026-04-20', kind: 'sensor_replacement', sensorId: 4 },
        { occurredOn: '2026-04-05', kind: 'repair', sensorId: null },
        { occurredOn: '2026-04-02', kind: 'sensor_replacement', sensorId: 9 },
      ],
      at('2026-06-01'),
    );
    expect([...plan.sensorSince]).toEqual([[4, at('2026-04-20')]]);
    // The model's baseline must reach 7 days past the sensor event.
    expect(settlingSensors(plan, at('2026-04-26'))).toEqual([4]);
    expect(settlingSensors(plan, at('2026-04-27'))).toEqual([]);
    expect(settlingSensors(plan, null)).toEqual([4]);
  });

  it('retrains a model that learnt from before the repair, or lacks a sensor’s new output', () => {
    const repair = maintenancePlan(
      [{ occurredOn: '2026-04-05', kind: 'repair', sensorId: null }],
      at('2026-04-20'),
    );
    const old = { baselineStart: at('2026-03-01'), baselineEnd: at('2026-03-30') };
    expect(maintenanceRetrainDue(repair, old, at('2026-04-20'), 7)).toBe(true);
    const relearnt = { baselineStart: at('2026-04-05'), baselineEnd: at('2026-04-13') };
    expect(maintenanceRetrainDue(repair, relearnt, at('2026-04-20'), 7)).toBe(false);
    // While re-baselining nothing is trained.
    const fresh = maintenancePlan(
      [{ occurredOn: '2026-04-18', kind: 'repair', sensorId: null }],
      at('2026-04-20'),
    );
    expect(maintenanceRetrainDue(fresh, old, at('2026-04-20'), 7)).toBe(false);

    const rezero = maintenancePlan(
      [{ occurredOn: '2026-04-05', kind: 'sensor_rezero', sensorId: 2 }],
      at('2026-04-18'),
    );
    const model = { baselineStart: at('2026-01-01'), baselineEnd: at('2026-04-01') };
    // 13 days after: the learnable part (before the 7-day period) holds 6 of its days, not 7.
    expect(maintenanceRetrainDue(rezero, model, at('2026-04-18'), 7)).toBe(false);
    expect(maintenanceRetrainDue(rezero, model, at('2026-04-19'), 7)).toBe(true);
  });

  it('names the repair a retraining keeps the reference’s sensitivity for, not a sensor event', () => {
    const rezero = { occurredOn: '2026-04-10', kind: 'sensor_rezero' as const, sensorId: 2 };
    const events = [{ occurredOn: '2026-04-05', kind: 'repair' as const, sensorId: null }, rezero];
    const settled = maintenancePlan(events, at('2026-04-20'));
    expect(repairDueSince(settled, at('2026-03-01'))).toBe(at('2026-04-05'));
    // A model learnt since the repair: the re-zero's retraining relearns, as before.
    expect(repairDueSince(settled, at('2026-04-05'))).toBeNull();
    // Still re-baselining: nothing is trained yet.
    expect(repairDueSince(maintenancePlan(events, at('2026-04-08')), at('2026-03-01'))).toBeNull();
    const sensorOnly = maintenancePlan([rezero], at('2026-04-20'));
    expect(repairDueSince(sensorOnly, at('2026-03-01'))).toBeNull();
  });

  it('lists the data since a repair unscored, with no anomaly judged', () => {
    const report = buildRebaseliningReport({
      sid: 'Lions Gate Bridge',
      bridgeId: 3,
      method: 'autoencoder',
      threshold: 1.7,
      period: { from: at('2026-04-05'), to: at('2026-04-05') + 2 * 3_600_000 },
      evaluatedAt: new Date(at('2026-04-06')),
      trainedAt: new Date(at('2026-03-01')),
      rebaselining: { since: '2026-04-05', days: 0, of: 7 },
    });
    expect(report.windows).toHaveLength(12);
    expect(report.windows.every((w) => w.error === null && !w.anomalous)).toBe(true);
    expect(report).toMatchObject({
      num_anomalies: 0,
      anomaly_count: 0,
      events: [],
      rebaselining: { since: '2026-04-05', days: 0, of: 7 },
    });
    expect(report.period_end).toBe(new Date(at('2026-04-05') + DAY / 12).toISOString());
  });
});

describe('alerts resolved by maintenance', () => {
  const cause = (ids: number[]) => ({
    windows: [],
    datastreams: ids.map((id) => ({ id, stream_id: `s${id}`, sensors: [] })),
  });
  const streams = new Set([11, 12]);

  it('a repair resolves the structural alerts only', () => {
    const repair = { kind: 'repair' as const };
    expect(
      resolvedByMaintenance(repair, new Set(), {
        type: 'Structural Warning',
        subject: '',
        cause: cause([]),
      }),
    ).toBe(true);
    expect(
      resolvedByMaintenance(repair, new Set(), {
        type: 'Sensor fault',
        subject: '11',
        cause: cause([11]),
      }),
    ).toBe(false);
    expect(
      resolvedByMaintenance(repair, new Set(), {
        type: 'Calibration due',
        subject: '4',
        cause: cause([]),
      }),
    ).toBe(false);
  });

  it.each(['repair', 'sensor_rezero'] as const)(
    'a %s, like any recorded maintenance, releases a latched trigger level (decision 051)',
    (kind) => {
      const alert = { type: 'Trigger level crossed', subject: '', cause: cause([]) };
      expect(resolvedByMaintenance({ kind }, new Set(), alert)).toBe(true);
    },
  );

  it("a re-zero resolves the sensor's own alerts and those only its streams caused", () => {
    const rezero = { kind: 'sensor_rezero' as const };
    expect(
      resolvedByMaintenance(rezero, streams, {
        type: 'Sensor fault',
        subject: '12',
        cause: cause([12]),
      }),
    ).toBe(true);
    expect(
      resolvedByMaintenance(rezero, streams, {
        type: 'Sensor offline',
        subject: '13',
        cause: cause([13]),
      }),
    ).toBe(false);
    expect(
      resolvedByMaintenance(rezero, streams, {
        type: 'Anomaly Detection',
        subject: '',
        cause: cause([11, 12]),
      }),
    ).toBe(true);
    expect(
      resolvedByMaintenance(rezero, streams, {
        type: 'Anomaly Detection',
        subject: '',
        cause: cause([11, 13]),
      }),
    ).toBe(false);
    expect(
      resolvedByMaintenance(rezero, streams, {
        type: 'Anomaly Detection',
        subject: '',
        cause: cause([]),
      }),
    ).toBe(false);
  });
});
