import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../server/contract-types.ts';
import { storeMarchWindows } from '../../helpers/march-mode-windows.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

const url = (id: number, query: string) => `/api/v1/bridges/${id}/modes/daily?${query}`;

// Issue 31, decision 076's amendment of 2026-12-01: each reference mode's frequency and damping
// summarised per UTC day, so the trend reaches past the newest 500 windows.
describe.each(drivers)('daily modes summary on %s', (kind) => {
  const t = setupTestApp(kind);

  it('answers per day and reference mode the found and lost counts, medians and quartiles', async () => {
    const bridge = await t.services.bridges.create({ name: 'Daily Beam', location: 'River' });
    await storeMarchWindows(t.services.database.db, bridge.id);
    const staff = await t.createUser({ staff: true });
    const answer = await t.request<Schemas['BridgeModesDaily']>({
      method: 'GET',
      url: url(bridge.id, 'from=2026-03-01&to=2026-03-31'),
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect([body.bridge, body.from, body.to]).toEqual([bridge.id, '2026-03-01', '2026-03-31']);
    expect(body.days).toEqual([
      { day: '2026-03-02', windows: 4 },
      { day: '2026-03-04', windows: 2 },
    ]);
    expect(body.modes.map((m) => [m.reference_version, m.reference_mode])).toEqual([
      [0, 0],
      [0, 1],
      [3, 0],
    ]);
    const [first, second, later] = body.modes;
    const day = first?.days[0];
    expect(first?.days).toHaveLength(1);
    expect([day?.day, day?.windows_found, day?.windows_lost, day?.lost_share]).toEqual([
      '2026-03-02',
      4,
      0,
      0,
    ]);
    // percentile_cont of 2.00, 2.02, 2.04, 2.06: the median 2.03, quartiles 2.015 and 2.045.
    expect(day?.frequency_hz?.median).toBeCloseTo(2.03, 12);
    expect(day?.frequency_hz?.q1).toBeCloseTo(2.015, 12);
    expect(day?.frequency_hz?.q3).toBeCloseTo(2.045, 12);
    expect(day?.damping_ratio?.median).toBeCloseTo(0.013, 12);
    const modeTwo = second?.days[0];
    expect([modeTwo?.windows_found, modeTwo?.windows_lost, modeTwo?.lost_share]).toEqual([
      3, 1, 0.25,
    ]);
    expect(modeTwo?.frequency_hz?.median).toBeCloseTo(5.1, 12);
    const fourth = later?.days[0];
    expect([fourth?.day, fourth?.windows_found, fourth?.lost_share]).toEqual([
      '2026-03-04',
      1,
      0.5,
    ]);
    expect(fourth?.frequency_hz).toEqual({ median: 1.9, q1: 1.9, q3: 1.9 });

    // A day range holding only 4 March: version 0's days are outside it.
    const one = await t.request<Schemas['BridgeModesDaily']>({
      method: 'GET',
      url: url(bridge.id, 'from=2026-03-03&to=2026-03-04'),
      token: staff.token,
    });
    expect(one.body.days).toEqual([{ day: '2026-03-04', windows: 2 }]);
    expect(one.body.modes.map((m) => m.reference_version)).toEqual([3]);

    // Nothing stored in the period: empty lists, not an error.
    const empty = await t.request<Schemas['BridgeModesDaily']>({
      method: 'GET',
      url: url(bridge.id, 'from=2025-03-01&to=2025-03-31'),
      token: staff.token,
    });
    expect([empty.status, empty.body.days, empty.body.modes]).toEqual([200, [], []]);
  });

  it.each([
    ['from=2026-03-01', "querystring must have required property 'to'"],
    ['from=2026-02-30&to=2026-03-31', 'from: must be a calendar day YYYY-MM-DD'],
    ['from=2026-3-1&to=2026-03-31', 'from: must be a calendar day YYYY-MM-DD'],
    ['from=2026-03-01&to=2026-03-01T00:00:00Z', 'to: must be a calendar day YYYY-MM-DD'],
    ['from=2026-03-02&to=2026-03-01', 'to: must not be before from'],
    ['from=2025-01-01&to=2026-02-05', 'to: at most 400 days from from, both included'],
  ])('answers 400 naming the field for %s', async (query, detail) => {
    const bridge = await t.services.bridges.create({ name: 'Range Beam', location: 'River' });
    const staff = await t.createUser({ staff: true });
    const answer = await t.request({
      method: 'GET',
      url: url(bridge.id, query),
      token: staff.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail });
  });

  it('takes 400 days, both included, and answers 404 for an unknown bridge', async () => {
    const bridge = await t.services.bridges.create({ name: 'Year Beam', location: 'River' });
    const staff = await t.createUser({ staff: true });
    const year = await t.request({
      method: 'GET',
      url: url(bridge.id, 'from=2025-01-01&to=2026-02-04'),
      token: staff.token,
    });
    expect(year.status).toBe(200);
    const ghost = await t.request({
      method: 'GET',
      url: url(999_999, 'from=2026-03-01&to=2026-03-31'),
      token: staff.token,
    });
    expect(ghost.status).toBe(404);
  });
});
