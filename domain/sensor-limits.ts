// Engineer-set limits of quasi-static channels (issue 15, "Feature families"): strain, tilt and
// displacement are checked against the limits staff set per sensor; the other channels are
// modal data or context. Shared by the SPA form, the API's checks and the analysis.
import type { SensorType } from './enums.ts';
import type { Threat } from './health.ts';

export const QUASI_STATIC_SENSOR_TYPES = [
  'strain_gauge',
  'tilt',
  'displacement',
] as const satisfies readonly SensorType[];

export function isQuasiStatic(type: string): boolean {
  return (QUASI_STATIC_SENSOR_TYPES as readonly string[]).includes(type);
}

/** Largest magnitude of a limit, in the sensor's unit (µε, mm or mrad/degrees): the contract's bound. */
export const LIMIT_MAGNITUDE_MAX = 1_000_000;
/** The limit is judged on 10-minute means: a passing truck moves a gauge for seconds only. */
export const LIMIT_WINDOW_MINUTES = 10;
export const SUSTAINED_MINUTES_DEFAULT = 10;
export const SUSTAINED_MINUTES_MAX = 1440;
/**
 * A breach is Critical when its worst 10-minute mean lies beyond the limit by more than this
 * share of the limit's distance from the band's centre (the mid-point of low and high, or zero
 * for a one-sided limit): 1.5 × the distance from the centre.
 */
export const CRITICAL_OVERSHOOT = 0.5;

export function limitSeverity(
  limit: number,
  centre: number,
  worstMean: number,
): Extract<Threat, 'High' | 'Critical'> {
  const distance = Math.abs(limit - centre);
  const overshoot = Math.abs(worstMean - limit);
  return distance > 0 && overshoot > CRITICAL_OVERSHOOT * distance ? 'Critical' : 'High';
}

export interface BreachFacts {
  sensorLabel: string;
  streamId: string;
  side: 'low' | 'high';
  limit: number;
  /** Epoch ms: start of the first 10-minute mean beyond the limit, end of the latest. */
  from: number;
  to: number;
  worstMean: number;
  /**
   * The means were temperature-compensated to read as at this temperature (°C; issue 30): the
   * stream's temperature model took out its thermal part. Absent: raw means.
   */
  compensatedToC?: number;
}

const figure = (value: number) => String(Number(value.toPrecision(4)));

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}

/** The alert's message: which channel, which limit, since when, how long, and how far. */
export function limitExceededMessage(breach: BreachFacts): string {
  const where = breach.side === 'high' ? 'above its high' : 'below its low';
  const worst = breach.side === 'high' ? 'up to' : 'down to';
  return (
    `Sensor ${breach.sensorLabel} (stream ${breach.streamId}) ${where} limit of ` +
    `${figure(breach.limit)} since ${new Date(breach.from).toISOString()} ` +
    `(${duration(breach.to - breach.from)}): 10-minute mean ${worst} ${figure(breach.worstMean)}` +
    (breach.compensatedToC === undefined
      ? ''
      : ` (temperature-compensated to ${breach.compensatedToC.toFixed(1)} °C)`)
  );
}
