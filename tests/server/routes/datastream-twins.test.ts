import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../server/contract-types.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Issue 30 / decision 074, amended 2026-12-01: the data stream list carries each stream's twin
// pairs in disagreement, from the stored episodes, for the Bridge Management table.

const ONSET = '2026-04-29T22:00:00.000Z';

/** A company's bridge with two co-located strain gauges, each feeding its own stream. */
async function twinGauges(t: TestContext, companyId: number, prefix: string) {
  const { bridges, spans, sensors, datastreams } = t.services;
  const bridge = await bridges.create({ companyId, name: `${prefix} Bridge`, location: 'River' });
  const span = await spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  const streams = [];
  for (const [suffix, chainageM] of [
    ['str', 20],
    ['strb', 20.3],
  ] as const) {
    const sensor = await sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: `${prefix}-${suffix}`,
      type: 'strain_gauge',
      status: 'active',
      installationDate: '2025-01-01',
      chainageM,
      transverseOffsetM: -4,
      direction: 'longitudinal',
    });
    streams.push(
      await datastreams.create({
        streamId: `${prefix}-${suffix}`,
        dataType: 'strain',
        sensorIds: [sensor.id],
        resolution: null,
      }),
    );
  }
  const [a, b] = streams;
  return { bridge, ids: [a?.id ?? 0, b?.id ?? 0] as const };
}

const recordPair = (
  t: TestContext,
  pair: { bridge: { id: number }; ids: readonly [number, number] },
  found: boolean,
  untilIso: string,
) =>
  t.services.sensorDisagreements.record(
    pair.bridge.id,
    found
      ? [
          {
            datastreamIds: pair.ids,
            onsetMs: Date.parse(ONSET),
            ratioChangePercent: 10,
            detail: 'disagree',
          },
        ]
      : [],
    Date.parse(untilIso),
    new Date(),
  );

const twinsIn = (body: Schemas['Datastream'][]) =>
  Object.fromEntries(body.map((d) => [d.stream_id, d.twin_disagreements]));

describe.each(drivers)('twin disagreements in the data stream list on %s', (kind) => {
  const t = setupTestApp(kind);

  it('lists an open pair on both streams, for staff and for the owning company only', async () => {
    const alpha = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const beta = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const pairA = await twinGauges(t, alpha.row.companyId, 'alpha');
    await twinGauges(t, beta.row.companyId, 'beta');
    await recordPair(t, pairA, true, '2026-04-30T12:00:00Z');
    const staff = await t.createUser({ staff: true });

    for (const url of ['/api/v1/datastreams', '/api/v1/data-streams/']) {
      const all = await t.request<Schemas['Datastream'][]>({
        method: 'GET',
        url,
        token: staff.token,
      });
      expect(all.status).toBe(200);
      expect(twinsIn(all.body)).toEqual({
        'alpha-str': [{ stream_id: 'alpha-strb', since: ONSET }],
        'alpha-strb': [{ stream_id: 'alpha-str', since: ONSET }],
        'beta-str': [],
        'beta-strb': [],
      });
    }
    // The dashboard's list (?bridge=) carries them too.
    const dashboard = await t.request<Schemas['Datastream'][]>({
      method: 'GET',
      url: `/api/v1/datastreams?bridge=${pairA.bridge.id}`,
      token: alpha.token,
    });
    expect(twinsIn(dashboard.body)['alpha-str']).toEqual([
      { stream_id: 'alpha-strb', since: ONSET },
    ]);
    // Another company sees its own streams only, so none of Alpha's pair.
    const other = await t.request<Schemas['Datastream'][]>({
      method: 'GET',
      url: '/api/v1/datastreams',
      token: beta.token,
    });
    expect(twinsIn(other.body)).toEqual({ 'beta-str': [], 'beta-strb': [] });
    // Anonymous: refused, as before.
    expect((await t.request({ method: 'GET', url: '/api/v1/datastreams' })).status).toBe(401);
  });

  it('drops a pair once a later evaluation clears its episode', async () => {
    const alpha = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const pair = await twinGauges(t, alpha.row.companyId, 'alpha');
    await recordPair(t, pair, true, '2026-04-30T12:00:00Z');
    await recordPair(t, pair, false, '2026-05-01T12:00:00Z');
    const answer = await t.request<Schemas['Datastream'][]>({
      method: 'GET',
      url: '/api/v1/datastreams',
      token: alpha.token,
    });
    expect(twinsIn(answer.body)).toEqual({ 'alpha-str': [], 'alpha-strb': [] });
  });
});
