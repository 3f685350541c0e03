import { describe, expect, it } from 'vitest';
import type { MaintenanceKind } from '../../../domain/maintenance.ts';
import { maintenancePlan } from '../../../server/analysis/maintenance-plan.ts';
import { maintenanceMeaning } from '../../../server/report/maintenance-meaning.ts';

const DAY_MS = 86_400_000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
const event = (occurredOn: string, kind: MaintenanceKind, sensorId: number | null = null) => ({
  occurredOn,
  kind,
  sensorId,
});

/** The meaning of `events[index]` at the end of April 2026, as the report states it. */
function meaningOf(
  events: ReturnType<typeof event>[],
  index: number,
  options: { newest?: number; modelBaselineEnd?: number | null } = {},
) {
  const newest = options.newest ?? at('2026-05-01');
  const target = events[index];
  if (!target) throw new Error(`no event ${index}`);
  return maintenanceMeaning(target, {
    plan: maintenancePlan(events, newest),
    events,
    newest,
    modelBaselineEnd: options.modelBaselineEnd ?? null,
    sensorLabel: (id) => `gauge-${id}`,
    streamsOf: (id) => (id === 9 ? [] : [`str-${id}`]),
  });
}

describe('what a maintenance event meant for the monitoring', () => {
  it('counts the days of a repair still re-baselining up to the newest data', () => {
    expect(meaningOf([event('2026-04-27', 'repair')], 0, { newest: at('2026-04-29') + 5e6 })).toBe(
      "Starts a new baseline: the analysis learns the bridge's normal again from this day and " +
        'judges nothing after it until 7 days of data follow; re-baselining, 2 of 7 days ' +
        '(data stored up to 2026-04-29).',
    );
  });

  it.each([
    [
      'a repair with its 7 days stored',
      [event('2026-04-02', 'repair')],
      0,
      'were stored by 2026-04-09',
    ],
    [
      'a repair followed by a bearing replacement',
      [event('2026-04-02', 'repair'), event('2026-04-20', 'bearing_replacement')],
      0,
      'superseded by the bearing replacement of 2026-04-20',
    ],
    [
      'a re-zero before a repair',
      [event('2026-04-02', 'sensor_rezero', 3), event('2026-04-20', 'repair')],
      0,
      'Inside the new baseline started on 2026-04-20: nothing more is left out for it.',
    ],
    [
      'a replacement followed by a re-zero of the same sensor',
      [event('2026-04-02', 'sensor_replacement', 3), event('2026-04-18', 'sensor_rezero', 3)],
      0,
      'Superseded by the later sensor re-zero of gauge-3 on 2026-04-18.',
    ],
    [
      'a replacement the model has not learnt',
      [event('2026-04-02', 'sensor_replacement', 3)],
      0,
      'The data streams of gauge-3 (str-3) are left out of the scoring from this day until a ' +
        "baseline holds 7 days of its new output; the latest model's baseline does not hold them yet.",
    ],
    [
      'a re-zero of a sensor feeding no stream',
      [event('2026-04-02', 'sensor_rezero', 9)],
      0,
      'gauge-9 feeds no data stream, so nothing is left out.',
    ],
    [
      'an event whose sensor was deleted',
      [event('2026-04-02', 'sensor_replacement', null)],
      0,
      'Its sensor has since been deleted, so it no longer affects the analysis.',
    ],
  ])('states %s', (_, events, index, expected) => {
    expect(meaningOf(events, index)).toContain(expected);
  });

  it('says a replaced sensor is scored again once the model holds 7 days of its new output', () => {
    const events = [event('2026-04-02', 'sensor_replacement', 3)];
    expect(meaningOf(events, 0, { modelBaselineEnd: at('2026-04-09') })).toContain(
      "the latest model's baseline holds them, so they are scored again.",
    );
    expect(meaningOf(events, 0, { modelBaselineEnd: at('2026-04-09') - DAY_MS })).toContain(
      'does not hold them yet',
    );
  });
});
