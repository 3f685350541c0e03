import { describe, expect, it } from 'vitest';
import {
  BRIDGE_NAME_MAX_LENGTH,
  dashboardSearchOf,
  parseBridgeId,
  parseBridgeName,
  validateDashboardSearch,
} from '../../../../domain/bridge-search';
import { extent, linearScale, nearestIndex, niceTicks } from '../../../../domain/chart-scale';
import { currentSituation, hasAnomalyCount } from '../../../../domain/dashboard-messages';
import { rangeFor } from '../../../../src/features/dashboard/readings-range';

describe('the bridge in the address', () => {
  it.each([
    [3, 3],
    ['3', 3],
    [' 42 ', 42],
    ['abc', undefined],
    ['3.5', undefined],
    [0, undefined],
    [-3, undefined],
    [2_147_483_648, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (raw, id) => {
    expect(parseBridgeId(raw)).toBe(id);
    expect(validateDashboardSearch({ bridge: raw })).toEqual({ bridge: id, name: undefined });
  });

  it.each([
    ['Confederation Bridge', 'Confederation Bridge'],
    ['Pont Jacques-Cartier', 'Pont Jacques-Cartier'],
    // The router's search parser turns `name=1915` into a number.
    [1915, '1915'],
    ['x'.repeat(BRIDGE_NAME_MAX_LENGTH), 'x'.repeat(BRIDGE_NAME_MAX_LENGTH)],
    ['x'.repeat(BRIDGE_NAME_MAX_LENGTH + 1), undefined],
    ['', undefined],
    ['   ', undefined],
    ['Line\nbreak', undefined],
    [{ name: 'x' }, undefined],
    [Number.NaN, undefined],
    [undefined, undefined],
  ])('reads the name %j as %j', (raw, name) => {
    expect(parseBridgeName(raw)).toBe(name);
    expect(validateDashboardSearch({ bridge: '3', name: raw })).toEqual({ bridge: 3, name });
  });

  it("a dashboard link carries the bridge's id and name, or only the id when the name cannot travel", () => {
    expect(dashboardSearchOf({ id: 3, name: 'Confederation Bridge' })).toEqual({
      bridge: 3,
      name: 'Confederation Bridge',
    });
    expect(dashboardSearchOf({ id: 3, name: 'x'.repeat(300) })).toEqual({
      bridge: 3,
      name: undefined,
    });
  });
});

describe('anomaly answer and situation (spec §2, §5)', () => {
  it.each([
    [{ num_anomalies: 0 }, true],
    [{ num_anomalies: 3 }, true],
    [{ num_anomalies: '3' }, false],
    [{ num_anomalies: -1 }, false],
    [{ anomaly_count: 3 }, false],
    [null, false],
  ])('accepts %j: %s', (body, ok) => {
    expect(hasAnomalyCount(body)).toBe(ok);
  });

  it.each([
    [0, 'Normal Operation'],
    [1, '1 Anomalies Detected'],
    [6, '6 Anomalies Detected'],
  ])('%i anomalies read %s', (count, text) => {
    expect(currentSituation(count)).toBe(text);
  });
});

describe('chart scales', () => {
  it('maps a domain onto a range, flipped when asked', () => {
    const y = linearScale([0, 10], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(5)).toBe(100);
    expect(y(10)).toBe(0);
  });

  it('picks round ticks inside the domain', () => {
    expect(niceTicks([0, 0.07], 4)).toEqual([0, 0.02, 0.04, 0.06]);
    expect(niceTicks([0.1, 0.3], 2)).toEqual([0.1, 0.2, 0.3]);
    expect(niceTicks([5, 5])).toEqual([5]);
  });

  it('skips missing values in an extent and finds the nearest point', () => {
    expect(extent([3, null, -1, Number.NaN, 7])).toEqual([-1, 7]);
    expect(extent([null])).toBeNull();
    expect(nearestIndex([0, 10, 20, 30], 14)).toBe(1);
    expect(nearestIndex([0, 10, 20, 30], 16)).toBe(2);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});

describe('readings range', () => {
  const now = Date.parse('2026-11-22T06:00:00Z');

  it('ends at the newest sample so a quiet stream still shows its data', () => {
    expect(rangeFor('7d', '2026-11-20T09:00:00.000Z', now)).toEqual({
      from: '2026-11-13T09:00:00.001Z',
      to: '2026-11-20T09:00:00.001Z',
    });
  });

  it('ends now for a stream without samples', () => {
    expect(rangeFor('24h', null, now)).toEqual({
      from: '2026-11-21T06:00:00.000Z',
      to: '2026-11-22T06:00:00.000Z',
    });
  });
});
