import type {
  BridgeScenario,
  ClimateSpec,
  DamageSpec,
  FaultSpec,
  ModeSpec,
  SpanSpec,
  StreamSpec,
} from './scenario.ts';

export interface ScenarioOptions {
  seed: number;
  /** Number of spans (default 2). */
  spans?: number;
  /** Prefix of every stream id, e.g. the bridge's name (default 'b'). */
  prefix?: string;
  /** Accelerometer sample rate (default 100 Hz; the demo may use less). */
  accelerationRateHz?: number;
  climate?: Partial<ClimateSpec>;
  damage?: DamageSpec[];
  faults?: FaultSpec[];
}

/** A temperate climate with freezing winters: −2 °C mean in January, 22 °C in July. */
export const TEMPERATE_CLIMATE: ClimateSpec = {
  meanC: 10,
  seasonalAmpC: 12,
  dailyAmpC: 4,
  weatherAmpC: 4,
  coldSpells: [],
};

// Three vertical bending modes per span; a 30-40 m concrete span has its first mode near 3 Hz.
function spanModes(spanIndex: number): ModeSpec[] {
  const base = 2.9 + 0.35 * spanIndex;
  return [1, 3.6, 7.4].map((ratio, k) => ({
    f0Hz: base * ratio,
    damping: 0.015 + 0.005 * k,
    tempCoefPerC: 0.0016 - 0.0002 * k,
    freezeGain: 0.08 - 0.015 * k,
  }));
}

/**
 * A typical girder bridge: per span one accelerometer, one strain gauge, one displacement
 * transducer, one tiltmeter and one load cell, plus one deck temperature sensor. Stream ids are
 * `${prefix}-s${span}-acc`, `-str`, `-disp`, `-tilt`, `-load`, and `${prefix}-temp`.
 */
export function createScenario(options: ScenarioOptions): BridgeScenario {
  const prefix = options.prefix ?? 'b';
  const spanCount = options.spans ?? 2;
  const spans: SpanSpec[] = [];
  const streams: StreamSpec[] = [];
  for (let i = 0; i < spanCount; i += 1) {
    const span = `span-${i + 1}`;
    spans.push({ id: span, modes: spanModes(i) });
    const id = (kind: string): string => `${prefix}-s${i + 1}-${kind}`;
    streams.push(
      {
        id: id('acc'),
        dataType: 'acceleration',
        span,
        position: 0.4,
        rateHz: options.accelerationRateHz ?? 100,
        noise: 0.002,
      },
      { id: id('str'), dataType: 'strain', span, position: 0.5, rateHz: 10, noise: 1 },
      { id: id('disp'), dataType: 'displacement', span, position: 1, rateHz: 1, noise: 0.05 },
      { id: id('tilt'), dataType: 'tilt', span, position: 0, rateHz: 1, noise: 0.005 },
      { id: id('load'), dataType: 'load', span, position: 0, rateHz: 10, noise: 2 },
    );
  }
  streams.push({
    id: `${prefix}-temp`,
    dataType: 'temperature',
    span: 'span-1',
    position: 0.5,
    rateHz: 1 / 60,
    noise: 0.1,
  });
  return {
    seed: options.seed,
    spans,
    climate: { ...TEMPERATE_CLIMATE, ...options.climate },
    streams,
    damage: options.damage ?? [],
    faults: options.faults ?? [],
  };
}
