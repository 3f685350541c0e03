// What the demo instruments on each bridge: its sensors, their ids, and the streams they record.
import type { CableSettings } from '../../domain/cable.ts';
import type { SimDataType, StreamSpec } from '../sim/scenario.ts';
import {
  DEMO_ACCELERATION_HZ,
  DEMO_RATES,
  DEMO_SPAN_LABELS,
  type DemoBridge,
  type DemoRates,
} from './demo-fleet.ts';

export const accelerometerId = (bridge: DemoBridge, span: number) => `${bridge.key}-s${span}-acc`;
/** The `k`-th (from 2) accelerometer of a span with several (DemoBridge.spanAccelerometers). */
export const spanAccelerometerId = (bridge: DemoBridge, span: number, k: number) =>
  `${bridge.key}-s${span}-acc${k}`;
export const strainId = (bridge: DemoBridge, span: number) => `${bridge.key}-s${span}-str`;
/** The twin beside a span's midspan strain gauge (decision 068). */
export const twinStrainId = (bridge: DemoBridge, span: number) => `${bridge.key}-s${span}-strb`;
export const temperatureId = (bridge: DemoBridge) => `${bridge.key}-temp`;
/** The accelerometer on a hanger of a span (DemoBridge.hanger). */
export const hangerId = (bridge: DemoBridge, span: number) => `${bridge.key}-s${span}-hgr`;

/** What the seed creates for a demo bridge: one sensor and one data stream per scenario stream. */
export interface DemoSensor {
  streamId: string;
  dataType: SimDataType;
  /** Zero-based index into DEMO_SPAN_LABELS. */
  spanIndex: number;
  /** Where the simulator places it along its span, 0..1 (StreamSpec.position). */
  position: number;
  /** The stream it is a co-located twin of, if any (StreamSpec.twinOf). */
  twinOf?: string;
  /** The hanger it is on, if any (DemoBridge.hanger), as the seed records it. */
  cable?: CableSettings;
  status: 'active' | 'faulty';
}

/** The hanger as its sensor's cable (decision 079's settings). */
function cableSettings(hanger: NonNullable<DemoBridge['hanger']>): CableSettings {
  return {
    length_m: hanger.cable.lengthM,
    mass_per_m: hanger.cable.massPerM,
    bending_stiffness_nm2: null,
    tension_low_kn: hanger.limits.lowKn,
    tension_high_kn: hanger.limits.highKn,
    tension_change_percent: hanger.limits.changePercent,
    reference_tension_kn: null,
  };
}

export function demoSensors(bridge: DemoBridge): DemoSensor[] {
  return demoStreams(bridge, DEMO_RATES).map((stream) => ({
    streamId: stream.id,
    dataType: stream.dataType,
    spanIndex: Number(stream.span.slice('span-'.length)) - 1,
    position: stream.position,
    ...(stream.twinOf ? { twinOf: stream.twinOf } : {}),
    ...(stream.cable && bridge.hanger ? { cable: cableSettings(bridge.hanger) } : {}),
    status:
      bridge.faultyStrain && stream.id === strainId(bridge, bridge.faultyStrain.span)
        ? 'faulty'
        : 'active',
  }));
}

/** main_span: the one a light bridge instruments. */
const MAIN_SPAN_INDEX = 1;

/** The streams a demo bridge records at the given rates (the seed makes a sensor of each). */
export function demoStreams(bridge: DemoBridge, rates: DemoRates): StreamSpec[] {
  const streams: StreamSpec[] = [];
  DEMO_SPAN_LABELS.forEach((_, i) => {
    if (bridge.light && i !== MAIN_SPAN_INDEX) return;
    const span = `span-${i + 1}`;
    const strain: StreamSpec = {
      id: strainId(bridge, i + 1),
      dataType: 'strain',
      span,
      position: 0.5,
      rateHz: rates.strainHz,
      noise: 1,
      // Trucks with axle loads, so the fatigue details count traffic-like cycles (issue 19).
      strainLoad: 'trucks',
    };
    const accelerometer: StreamSpec = {
      id: accelerometerId(bridge, i + 1),
      dataType: 'acceleration',
      span,
      position: 0.4,
      rateHz: DEMO_ACCELERATION_HZ,
      noise: 0.002,
    };
    streams.push(accelerometer, strain);
    if (bridge.spanAccelerometers?.span === i + 1) {
      bridge.spanAccelerometers.positions.forEach((position, k) => {
        const id = spanAccelerometerId(bridge, i + 1, k + 2);
        streams.push({ ...accelerometer, id, position, modesOf: accelerometer.id });
      });
    }
    // The same trucks, its own noise (the simulator seeds noise by stream id).
    if (bridge.twinStrain?.span === i + 1) {
      streams.push({ ...strain, id: twinStrainId(bridge, i + 1), twinOf: strain.id });
    }
    // Its own random draws (seeded by its id), so no other stream's values move.
    const hanger = bridge.hanger;
    if (hanger?.span === i + 1) {
      const id = hangerId(bridge, i + 1);
      streams.push({ ...accelerometer, id, position: hanger.position, cable: hanger.cable });
    }
  });
  streams.push({
    id: temperatureId(bridge),
    dataType: 'temperature',
    span: 'span-2',
    position: 0.5,
    rateHz: rates.temperatureHz,
    noise: 0.1,
  });
  return streams;
}
