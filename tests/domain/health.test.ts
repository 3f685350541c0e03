import { describe, expect, it } from 'vitest';
import {
  colourClass,
  deriveHealth,
  gaugeColour,
  gaugeValue,
  HEALTH_ALERT_TYPES,
  healthAlerts,
  type HealthSummary,
  isSensorOffline,
  sensorOfflineAfterMs,
  sensorOfflineAlert,
  severityRises,
} from '../../domain/health';

const TODAY = new Date('2026-03-01T10:00:00Z');

describe('health derivation (spec §4 table)', () => {
  it.each([
    [0, 'Good', 'Low', 180, '2026-08-28', 90, 'green'],
    [1, 'Fair', 'Medium', 90, '2026-05-30', 75, 'orange'],
    [2, 'Fair', 'Medium', 90, '2026-05-30', 75, 'orange'],
    [3, 'Poor', 'High', 30, '2026-03-31', 60, 'red'],
    [5, 'Poor', 'High', 30, '2026-03-31', 60, 'red'],
    [6, 'Critical', 'Critical', 7, '2026-03-08', 60, 'red'],
    [40, 'Critical', 'Critical', 7, '2026-03-08', 60, 'red'],
  ] as const)(
    '%i anomalies → %s, threat %s, maintenance in %i days (%s), gauge %i %s',
    (count, condition, threat, days, date, gauge, colour) => {
      expect(deriveHealth(count, TODAY)).toEqual({
        condition,
        threat,
        maintenanceDays: days,
        nextMaintenance: date,
        gauge,
        gaugeColour: colour,
      });
    },
  );

  it.each([
    [0, 90],
    [1, 75],
    [2, 75],
    [3, 60],
    [5, 60],
    [6, 60],
  ])('gauge rule: %i anomalies gives %i', (count, gauge) => {
    expect(gaugeValue(count)).toBe(gauge);
  });

  it.each([-1, 1.5, Number.NaN])('rejects an impossible anomaly count %d', (count) => {
    expect(() => deriveHealth(count, TODAY)).toThrow(RangeError);
  });

  it('counts down to a next maintenance fixed on the day the condition was reached', () => {
    // Poor since ten days ago: due 30 days after that, 20 days from today, not 30.
    const poor = deriveHealth(4, TODAY, new Date('2026-02-19T18:00:00Z'));
    expect(poor.nextMaintenance).toBe('2026-03-21');
    expect(poor.maintenanceDays).toBe(20);
    // Tomorrow the date stays and one day less remains.
    const tomorrow = deriveHealth(4, new Date('2026-03-02T09:00:00Z'), new Date('2026-02-19'));
    expect([tomorrow.nextMaintenance, tomorrow.maintenanceDays]).toEqual(['2026-03-21', 19]);
  });

  it('says 0 days once the maintenance is due, and never counts from a future start', () => {
    expect(deriveHealth(7, TODAY, new Date('2026-01-01')).maintenanceDays).toBe(0);
    expect(deriveHealth(0, TODAY, new Date('2026-03-05')).nextMaintenance).toBe('2026-08-28');
  });

  it('maps gauge values to colours', () => {
    expect([gaugeColour(90), gaugeColour(75), gaugeColour(60)]).toEqual(['green', 'orange', 'red']);
  });
});

describe('alert rules (spec §4)', () => {
  const alertsFor = (count: number) =>
    healthAlerts(deriveHealth(count, TODAY), count).map((a) => [a.type, a.severity, a.message]);

  it.each([
    [0, []],
    [1, [['Anomaly Detection', 'High', '1 anomaly detected']]],
    [2, [['Anomaly Detection', 'High', '2 anomalies detected']]],
    [
      3,
      [
        ['Structural Warning', 'High', 'Structural condition is Poor'],
        ['Maintenance Required', 'Medium', 'Maintenance due within 30 days'],
        ['Anomaly Detection', 'High', '3 anomalies detected'],
      ],
    ],
    [
      4,
      [
        ['Structural Warning', 'High', 'Structural condition is Poor'],
        ['Maintenance Required', 'Medium', 'Maintenance due within 30 days'],
        ['Anomaly Detection', 'Critical', '4 anomalies detected'],
      ],
    ],
    [
      5,
      [
        ['Structural Warning', 'High', 'Structural condition is Poor'],
        ['Maintenance Required', 'Medium', 'Maintenance due within 30 days'],
        ['Anomaly Detection', 'Critical', '5 anomalies detected'],
      ],
    ],
    [
      6,
      [
        ['Structural Warning', 'Critical', 'Structural condition is Critical'],
        ['Maintenance Required', 'High', 'Maintenance due within 7 days'],
        ['Anomaly Detection', 'Critical', '6 anomalies detected'],
      ],
    ],
  ])('%i anomalies raise %j', (count, expected) => {
    expect(alertsFor(count)).toEqual(expected);
  });

  // The day thresholds on their own, at and just past each boundary (30 and 7 days).
  const withDays = (maintenanceDays: number): HealthSummary => ({
    ...deriveHealth(0, TODAY),
    maintenanceDays,
  });
  it.each([
    [31, null],
    [30, 'Medium'],
    [8, 'Medium'],
    [7, 'High'],
    [6, 'High'],
  ])('maintenance in %i days → %s', (days, severity) => {
    const alert = healthAlerts(withDays(days), 0).find((a) => a.type === 'Maintenance Required');
    expect(alert?.severity ?? null).toBe(severity);
  });

  it.each([
    ['Good', 'green'],
    ['Low', 'green'],
    ['Fair', 'yellow'],
    ['Medium', 'yellow'],
    ['Poor', 'orange'],
    ['High', 'orange'],
    ['Critical', 'red'],
  ] as const)('%s is shown %s', (level, colour) => {
    expect(colourClass(level)).toBe(colour);
  });
});

describe('alert bookkeeping', () => {
  it('lists the health alert types in the order the rules raise them', () => {
    expect(healthAlerts(deriveHealth(6, TODAY), 6).map((a) => a.type)).toEqual(HEALTH_ALERT_TYPES);
  });

  it.each([
    ['Low', 'Medium', true],
    ['Medium', 'High', true],
    ['High', 'Critical', true],
    ['High', 'High', false],
    ['Critical', 'High', false],
    ['Medium', 'Low', false],
  ] as const)('%s → %s is a rise: %s', (previous, next, rises) => {
    expect(severityRises(previous, next)).toBe(rises);
  });
});

describe("'Sensor offline' rule", () => {
  const MINUTE = 60_000;
  const NOW = new Date('2026-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  it.each([
    [null, 15 * MINUTE],
    [0, 15 * MINUTE],
    [1000, 15 * MINUTE],
    [3 * MINUTE, 15 * MINUTE],
    [4 * MINUTE, 20 * MINUTE],
    [60 * MINUTE, 300 * MINUTE],
  ])('a usual gap of %s ms allows %i ms of silence', (gap, allowed) => {
    expect(sensorOfflineAfterMs(gap)).toBe(allowed);
  });

  it.each([
    [15 * MINUTE, null, false],
    [15 * MINUTE + 1, null, true],
    [20 * MINUTE, 4 * MINUTE, false],
    [20 * MINUTE + 1, 4 * MINUTE, true],
  ])('silent for %i ms with a usual gap of %s ms: offline %s', (silence, gap, offline) => {
    expect(isSensorOffline(ago(silence), gap, NOW)).toBe(offline);
  });

  it('never calls a stream that has not sent anything offline', () => {
    expect(isSensorOffline(null, null, NOW)).toBe(false);
  });

  it('raises a Medium alert naming the stream and its last sample', () => {
    expect(sensorOfflineAlert('deck-acc-1', ago(20 * MINUTE))).toEqual({
      type: 'Sensor offline',
      severity: 'Medium',
      message: 'No data from stream deck-acc-1 since 2026-03-01T11:40:00.000Z',
    });
  });
});
