import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { bridgeWithStreams } from '../alerts/alert-fixtures.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 3, 1);

describe.each(drivers)('stored sensor faults on %s', (kind) => {
  const t = setupTestApp(kind);

  it('keeps one fault per episode, lasting kinds until serviced, and gives their intervals', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Fault Store Bridge', ['active']);
    const stream = streams[0]?.stream.id ?? 0;
    const faults = t.services.sensorFaults;
    const at = (hours: number) => new Date(T0 + hours * HOUR);
    const drift = (onsetHours: number) => ({
      datastreamId: stream,
      kind: 'drift' as const,
      onsetMs: T0 + onsetHours * HOUR,
      reason: 'drifting up',
    });
    const spikes = {
      datastreamId: stream,
      kind: 'spikes' as const,
      onsetMs: T0,
      reason: '3 spikes',
    };

    // Two drift episodes in the span read are one fault, from the earlier onset.
    const first = await faults.record(bridge.id, [drift(30), drift(10), spikes], new Map(), at(40));
    expect(first.map((f) => [f.kind, f.onsetMs])).toEqual([
      ['spikes', T0],
      ['drift', T0 + 10 * HOUR],
    ]);
    // Found again later (its onset clamped to the span read): the same fault.
    expect(await faults.record(bridge.id, [drift(20)], new Map(), at(50))).toMatchObject([
      { kind: 'drift', onsetMs: T0 + 10 * HOUR },
    ]);
    // Not found: the spikes ended at the previous check, the drift lasts.
    expect(await faults.record(bridge.id, [], new Map(), at(60))).toMatchObject([
      { kind: 'drift', endedAt: null },
    ]);
    expect(await faults.faultyIntervals(stream, T0, T0 + 100 * HOUR)).toEqual([
      { kind: 'spikes', fromMs: T0, toMs: at(50).getTime() },
      { kind: 'drift', fromMs: T0 + 10 * HOUR, toMs: null },
    ]);
    // Serviced after its onset: the drift ends, and an old finding is not raised again.
    const serviced = new Map([[stream, T0 + 55 * HOUR]]);
    expect(await faults.record(bridge.id, [drift(20)], serviced, at(70))).toEqual([]);
    expect(await faults.faultyIntervals(stream, T0 + 80 * HOUR, T0 + 100 * HOUR)).toEqual([]);
    expect((await faults.ofPeriod(bridge.id, T0, T0 + 100 * HOUR)).map((f) => f.kind)).toEqual([
      'spikes',
      'drift',
    ]);
  });
});
