/**
 * The fleet of `npm run bench:fleet`, written straight into the tables (making thousands of
 * bridges through the API would take longer than the run): per bridge one span, 20 sensors each
 * feeding one data stream, and an ingest token for the bridges that send over HTTP.
 */
import type { Database } from '../../server/db/client.ts';
import { unassignedCompany } from '../../server/repositories/companies-repository.ts';
import { bridges, datastreamSensors, datastreams, sensors, spans } from '../../server/db/schema.ts';
import { createIngestTokensRepository } from '../../server/repositories/ingest-tokens-repository.ts';

export type StreamKind = 'acceleration' | 'strain' | 'temperature';

/** 8 accelerometers (100 Hz in bursts), 8 strain gauges (10 Hz), 4 thermometers (one a minute). */
export const STREAM_MIX: { kind: StreamKind; sensorType: string; count: number }[] = [
  { kind: 'acceleration', sensorType: 'accelerometer', count: 8 },
  { kind: 'strain', sensorType: 'strain_gauge', count: 8 },
  { kind: 'temperature', sensorType: 'temperature', count: 4 },
];

export interface FleetStream {
  id: number;
  label: string;
  kind: StreamKind;
}

export interface FleetBridge {
  id: number;
  /** Gateways alternate: even bridges send over HTTP, odd ones over MQTT. */
  transport: 'http' | 'mqtt';
  token: string | null;
  streams: FleetStream[];
}

export async function createFleet(database: Database, count: number): Promise<FleetBridge[]> {
  const { db } = database;
  const tokens = createIngestTokensRepository(db);
  const fleet: FleetBridge[] = [];
  const companyId = await unassignedCompany(db);
  for (let b = 0; b < count; b += 1) {
    const [bridge] = await db
      .insert(bridges)
      .values({
        companyId,
        name: `Fleet bridge ${b}`,
        location: 'Bench',
        latitude: 45,
        longitude: -75,
      })
      .returning({ id: bridges.id });
    if (!bridge) throw new Error('no bridge');
    const [span] = await db
      .insert(spans)
      .values({ bridgeId: bridge.id, label: 'main', length: 50 })
      .returning({ id: spans.id });
    if (!span) throw new Error('no span');
    const planned = STREAM_MIX.flatMap(({ kind, sensorType, count: n }) =>
      Array.from({ length: n }, (_, i) => ({ kind, sensorType, label: `f${b}-${kind}-${i}` })),
    );
    const sensorRows = await db
      .insert(sensors)
      .values(
        planned.map((p) => ({
          bridgeId: bridge.id,
          spanId: span.id,
          label: p.label,
          type: p.sensorType,
          status: 'active',
          installationDate: '2020-01-01',
        })),
      )
      .returning({ id: sensors.id });
    const streamRows = await db
      .insert(datastreams)
      .values(planned.map((p) => ({ streamId: p.label, dataType: p.kind, companyId })))
      .returning({ id: datastreams.id });
    await db.insert(datastreamSensors).values(
      streamRows.map((s, i) => ({
        datastreamId: s.id,
        sensorId: sensorRows[i]?.id ?? 0,
      })),
    );
    const transport = b % 2 === 0 ? 'http' : 'mqtt';
    const token = transport === 'http' ? (await tokens.create(bridge.id, 'bench')).token : null;
    fleet.push({
      id: bridge.id,
      transport,
      token,
      streams: planned.map((p, i) => ({
        id: streamRows[i]?.id ?? 0,
        label: p.label,
        kind: p.kind,
      })),
    });
  }
  return fleet;
}
