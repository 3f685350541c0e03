import { describe, expect, it } from 'vitest';
import { deriveHealth, healthAlerts } from '../../domain/health';
import { withPhysicalSeverity } from '../../domain/physical-severity';
import { describePhysicalChange, type PhysicalChange } from '../../domain/trigger-levels';

const change = (level: PhysicalChange['level']): PhysicalChange => ({
  feature: 's2-acc.f1',
  shift_percent: level === 'red' ? -5.6 : -2.3,
  uncertainty_percent: 0.42,
  duration_hours: 36,
  level,
  level_percent: level === 'red' ? -5 : level === 'amber' ? -2 : null,
});

const alertsFor = (episodes: number) =>
  healthAlerts(deriveHealth(episodes, new Date('2026-11-24T00:00:00Z')), episodes);

describe('physical severity beside the spec table', () => {
  it('raises a High structural warning on a red crossing where the count gives none', () => {
    const alerts = withPhysicalSeverity(alertsFor(1), change('red'));
    const warning = alerts.find((a) => a.type === 'Structural Warning');
    expect(warning?.severity).toBe('High');
    expect(alertsFor(1).some((a) => a.type === 'Structural Warning')).toBe(false);
    // The spec's own alerts stay as they were.
    expect(alerts.filter((a) => a.type !== 'Structural Warning')).toEqual(alertsFor(1));
  });

  it('leaves an amber crossing and a Critical warning as the spec gives them', () => {
    expect(withPhysicalSeverity(alertsFor(1), change('amber'))).toEqual(alertsFor(1));
    expect(withPhysicalSeverity(alertsFor(7), change('red'))).toEqual(alertsFor(7));
    expect(withPhysicalSeverity(alertsFor(0), null)).toEqual([]);
  });

  it('states the change as an engineer writes it', () => {
    expect(describePhysicalChange(change('amber'))).toBe(
      's2-acc.f1 \u22122.3 % \u00b1 0.4 % over 36 h; crossed amber (\u22122 %)',
    );
    expect(describePhysicalChange({ ...change('none'), shift_percent: -1.2 })).toBe(
      's2-acc.f1 \u22121.2 % \u00b1 0.4 % over 36 h; no trigger level crossed',
    );
    expect(describePhysicalChange({ ...change('amber'), uncertainty_percent: 0.031 })).toContain(
      '\u00b1 0.03 %',
    );
    expect(describePhysicalChange({ ...change('red'), duration_hours: 80 })).toContain(
      'over 3 days; crossed red (\u22125 %)',
    );
  });
});
