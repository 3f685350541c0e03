import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { prepareBridge } from '../../../server/sim/simulate-setup.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe("npm run simulate: the streams it creates declare their sensors' resolutions", () => {
  const t = setupTestApp('pglite');

  it('a strain and an acceleration stream are created with 0.01 µε and 10⁻⁵ m/s²', async () => {
    const user = await t.createUser({ staff: true });
    const bridge = await t.request<{ id: number }>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: user.token,
      body: {
        name: 'Simulated Bridge',
        location: 'Here',
        construction_date: '1990-01-01',
        latitude: 45,
        longitude: -75,
      },
    });
    expect(bridge.status).toBe(201);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await prepareBridge(base, user.token, bridge.body.id, [
      { id: 'SIM-SG-1', dataType: 'strain', span: 'S1' },
      { id: 'SIM-ACC-1', dataType: 'acceleration', span: 'S1' },
    ]);
    const streams = await t.request<{ stream_id: string; resolution: number | null }[]>({
      method: 'GET',
      url: '/api/v1/datastreams',
      token: user.token,
    });
    const stepOf = Object.fromEntries(streams.body.map((s) => [s.stream_id, s.resolution]));
    expect(stepOf).toEqual({ 'SIM-SG-1': 0.01, 'SIM-ACC-1': 1e-5 });
  });
});
