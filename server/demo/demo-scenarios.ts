import type { CableSettings } from '../../domain/cable.ts';
import { DEMO_BURST_SCHEDULE, type BurstSchedule } from '../sim/burst-simulator.ts';
import type {
  BridgeScenario,
  CableVibrationSpec,
  ClimateSpec,
  DamageSpec,
  FaultSpec,
  ModeSpec,
  SimDataType,
  StreamSpec,
} from '../sim/scenario.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_DAYS = 365.25;

/** The seeded span labels, in the order of the scenario's spans span-1, span-2, span-3. */
export const DEMO_SPAN_LABELS = ['west_span', 'main_span', 'east_span'] as const;

/** How densely the demo records: duty-cycled accelerometers, slow continuous streams. */
export interface DemoRates {
  bursts: BurstSchedule;
  strainHz: number;
  temperatureHz: number;
}

/** One minute of 20 Hz acceleration in every ten, strain every 10 s, temperature every minute. */
export const DEMO_RATES: DemoRates = {
  bursts: DEMO_BURST_SCHEDULE,
  strainHz: 0.1,
  temperatureHz: 1 / 60,
};

/** The accelerometers' sample rate inside a burst. */
export const DEMO_ACCELERATION_HZ = 20;

/**
 * The demo's clock: the history ends at `end` (the moment the demo was seeded, on a 10-minute
 * boundary) and starts at `start`. Events are placed relative to these, so the demo always
 * shows a recent damage whatever the date.
 */
export interface DemoTimeline {
  start: number;
  end: number;
}

export function demoTimeline(seededAt: number, historyDays: number): DemoTimeline {
  const every = DEMO_BURST_SCHEDULE.everySeconds * 1000;
  const end = Math.floor(seededAt / every) * every;
  return { start: end - historyDays * DAY_MS, end };
}

interface DemoClimate {
  /** Daily mean temperature at the end of the history (late autumn at the bridge). */
  nowMeanC: number;
  seasonalAmpC: number;
  dailyAmpC: number;
  weatherAmpC: number;
}

export interface DemoBridge {
  /** The bridge's name as seeded from the catalogue. */
  name: string;
  /** Prefix of its sensor and stream ids. */
  key: string;
  seed: number;
  /** First vertical mode of the west span at 10 °C. */
  firstModeHz: number;
  climate: DemoClimate;
  /**
   * A stiffness loss on one span from `daysAgo` before the end of the history on. With
   * `openHours` it is a breathing crack: open for that many hours of every day (under the day's
   * traffic), closed in between, so each day raises its own alarm episode.
   */
  damage?: { span: number; dropPercent: number; daysAgo: number; openHours?: number };
  /** A strain gauge that drifts (µε per hour) and that staff have marked faulty. */
  faultyStrain?: { span: number; driftPerHour: number; daysAgo: number };
  /** A strain gauge whose data stream stopped sending `daysAgo` before the end. */
  silentStrain?: { span: number; daysAgo: number };
  /**
   * A second strain gauge beside the span's midspan gauge (a co-located twin, decision 068):
   * the same trucks load both, each with its own noise, so the twin checks have a pair to judge.
   */
  twinStrain?: { span: number };
  /**
   * More vertical accelerometers along one span at these positions (0..1), reading the same
   * vibration as the span's accelerometer at 0.4 (StreamSpec.modesOf): with it, enough placed
   * channels for the modes and their shapes (decisions 059 and 076).
   */
  spanAccelerometers?: { span: number; positions: readonly number[] };
  /**
   * An accelerometer on one of the span's vertical hangers, at `position` along the span where
   * the hanger meets the deck: it reads the hanger's harmonic series (StreamSpec.cable), and the
   * seed records the hanger's length, mass per metre and tension limits on its sensor, so the
   * dashboard's Cable tension card has a cable to show (decision 079).
   */
  hanger?: {
    span: number;
    position: number;
    cable: CableVibrationSpec;
    limits: { lowKn: number; highKn: number; changePercent: number };
  };
  /**
   * The rest of the fleet: only the main span is instrumented (an accelerometer and a strain
   * gauge) besides the thermometer, with shorter bursts, sparser readings and a shorter history,
   * so the first start stays fast while every bridge still gets an evaluation.
   */
  light?: boolean;
}

/**
 * A hanger of Lions Gate's main span (472 m; its suspended structure and hangers were replaced
 * in 2000-2001, Matson, TAC conference paper "The Lions' Gate Bridge Suspended Span
 * Replacement"). Its figures are illustrative, not the bridge's: a 45 m hanger near a tower of
 * 15 kg/m (a pair of wire ropes) at 180 kN, so f₁ = 1.217 Hz and its first six harmonics (to
 * 7.3 Hz) sit well below the demo's 10 Hz Nyquist; 0.5 % damping, as wire ropes have; the
 * accelerometer 2.25 m above the deck (0.05 of the hanger), where every harmonic shows. The
 * tension is fixed: no temperature or traffic moves it. Decision 079, 2026-12-01 amendment.
 */
const LIONS_GATE_HANGER: NonNullable<DemoBridge['hanger']> = {
  span: 2,
  position: 0.1,
  cable: { lengthM: 45, massPerM: 15, tensionN: 180_000, harmonics: 6, damping: 0.005, at: 0.05 },
  limits: { lowKn: 150, highKn: 215, changePercent: 5 },
};

/** The operator's three bridges, in the seed's order (indices 0, 1 and 2 of the fleet). */
export const DEMO_BRIDGES_WITH_DATA: readonly DemoBridge[] = [
  {
    name: 'Confederation Bridge',
    key: 'confederation',
    seed: 101,
    firstModeHz: 2.4,
    climate: { nowMeanC: 2, seasonalAmpC: 12, dailyAmpC: 3, weatherAmpC: 3 },
    // Seven days open (the evaluation period holds 7 days), each a separate episode: more than
    // 5 episodes, Critical in the spec's health table (domain/health.ts). At 5 % the
    // smoothed error of an opening crossed its threshold in runs of 2 to 10 hours, which the
    // stored analysis' confirmation (8 of 12 hours) missed on some days; at 8 % every opening
    // is confirmed (7 episodes at three times of day).
    damage: { span: 2, dropPercent: 8, daysAgo: 6.9, openHours: 12 },
  },
  {
    name: 'Lions Gate Bridge',
    key: 'lions-gate',
    seed: 202,
    firstModeHz: 2.1,
    climate: { nowMeanC: 5, seasonalAmpC: 7, dailyAmpC: 3, weatherAmpC: 2.5 },
    faultyStrain: { span: 2, driftPerHour: 2.5, daysAgo: 5 },
    silentStrain: { span: 3, daysAgo: 2 },
    twinStrain: { span: 1 },
    hanger: LIONS_GATE_HANGER,
  },
  {
    name: 'Jacques Cartier Bridge',
    key: 'jacques-cartier',
    seed: 303,
    firstModeHz: 2.7,
    climate: { nowMeanC: 0, seasonalAmpC: 14, dailyAmpC: 4, weatherAmpC: 3.5 },
    // Healthy, so the modes add no story: five more on the main span at its sixths (076).
    spanAccelerometers: { span: 2, positions: [1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6] },
  },
];

// Healthy bridges across the country; their modes stay below 8 Hz like the detailed three's.
const light = (
  name: string,
  key: string,
  seed: number,
  firstModeHz: number,
  nowMeanC: number,
): DemoBridge => ({
  name,
  key,
  seed,
  firstModeHz,
  climate: { nowMeanC, seasonalAmpC: 12, dailyAmpC: 3, weatherAmpC: 2.5 },
  light: true,
});

/** The other eight bridges of the seed, lightly instrumented (see `DemoBridge.light`). */
export const DEMO_LIGHT_BRIDGES: readonly DemoBridge[] = [
  light('Samuel De Champlain Bridge', 'champlain', 404, 2.2, 0),
  light('Quebec Bridge', 'quebec', 505, 1.9, -1),
  light('Angus L. Macdonald Bridge', 'macdonald', 606, 2.3, 3),
  light('Burlington Bay James N. Allan Skyway', 'skyway', 707, 2.6, 2),
  light('Alex Fraser Bridge', 'alex-fraser', 808, 2.0, 5),
  light('High Level Bridge (Edmonton)', 'high-level', 909, 2.9, -4),
  light('Broadway Bridge', 'broadway', 1010, 2.8, -5),
  light('Hartland Covered Bridge', 'hartland', 1111, 3.0, 0),
];

/** Every demo bridge that gets sensor history: the detailed three, then the light ones. */
export const DEMO_FLEET: readonly DemoBridge[] = [...DEMO_BRIDGES_WITH_DATA, ...DEMO_LIGHT_BRIDGES];

/** At least the 7 days training needs (server/analysis/analysis-rules.ts), plus 3 to judge. */
export const LIGHT_HISTORY_DAYS = 10;

/** A light bridge's history is at most LIGHT_HISTORY_DAYS long. */
export const historyDaysOf = (bridge: DemoBridge, days: number): number =>
  bridge.light ? Math.min(days, LIGHT_HISTORY_DAYS) : days;

/**
 * A light bridge records half-minute bursts (enough for the modes the analysis tracks) and
 * strain and temperature six times as sparsely; the others record at the given rates.
 */
export function ratesOf(bridge: DemoBridge, rates: DemoRates): DemoRates {
  if (!bridge.light) return rates;
  const { bursts } = rates;
  return {
    bursts: { ...bursts, burstSeconds: Math.min(bursts.burstSeconds, 30) },
    strainHz: rates.strainHz / 6,
    temperatureHz: rates.temperatureHz / 6,
  };
}

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

// The main span is the longest, so its modes sit lowest. Three modes below 8 Hz, so a 20 Hz
// burst resolves them all even when a frozen deck stiffens them by 8 %.
const SPAN_FACTORS = [1, 0.9, 1.05];
/** main_span: the one a light bridge instruments. */
const MAIN_SPAN_INDEX = 1;
const MODE_RATIOS = [1, 1.8, 2.5];

function spanModes(bridge: DemoBridge, spanIndex: number): ModeSpec[] {
  return MODE_RATIOS.map((ratio, k) => ({
    f0Hz: bridge.firstModeHz * (SPAN_FACTORS[spanIndex] ?? 1) * ratio,
    damping: 0.015 + 0.005 * k,
    tempCoefPerC: 0.0016 - 0.0002 * k,
    freezeGain: 0.08 - 0.015 * k,
  }));
}

function demoStreams(bridge: DemoBridge, rates: DemoRates): StreamSpec[] {
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

/**
 * Late-autumn weather ending at `timeline.end`: the seasonal mean is shifted so the last day
 * averages `nowMeanC` whatever the date. A cold spell well below 0 °C falls early in the
 * history (inside the first 21 days an analysis learns from) and a milder frost in the last week
 * stays within what that baseline has seen.
 */
function demoClimate(bridge: DemoBridge, timeline: DemoTimeline): ClimateSpec {
  const { nowMeanC, seasonalAmpC } = bridge.climate;
  const dayOfYear = (timeline.end / DAY_MS) % YEAR_DAYS;
  const seasonalNow = -seasonalAmpC * Math.cos((2 * Math.PI * (dayOfYear - 15)) / YEAR_DAYS);
  // A light bridge's short history learns from its first days only: the freeze falls there.
  const freeze = bridge.light ? { from: 1, to: 3, deltaC: -12 } : { from: 6, to: 10, deltaC: -16 };
  return {
    ...bridge.climate,
    meanC: nowMeanC - seasonalNow,
    coldSpells: [
      {
        from: timeline.start + freeze.from * DAY_MS,
        to: timeline.start + freeze.to * DAY_MS,
        deltaC: freeze.deltaC,
      },
      { from: timeline.end - 6.5 * DAY_MS, to: timeline.end - 5.5 * DAY_MS, deltaC: -6 },
    ],
  };
}

function demoEvents(
  bridge: DemoBridge,
  end: number,
): { damage: DamageSpec[]; faults: FaultSpec[] } {
  const damage: DamageSpec[] = bridge.damage
    ? [
        {
          span: `span-${bridge.damage.span}`,
          modes: [0],
          dropPercent: bridge.damage.dropPercent,
          from: end - bridge.damage.daysAgo * DAY_MS,
          ...(bridge.damage.openHours
            ? { intermittent: { periodMs: DAY_MS, openMs: bridge.damage.openHours * HOUR_MS } }
            : {}),
        },
      ]
    : [];
  const faults: FaultSpec[] = [];
  if (bridge.faultyStrain) {
    faults.push({
      stream: strainId(bridge, bridge.faultyStrain.span),
      kind: 'drift',
      from: end - bridge.faultyStrain.daysAgo * DAY_MS,
      magnitude: bridge.faultyStrain.driftPerHour,
    });
  }
  if (bridge.silentStrain) {
    faults.push({
      stream: strainId(bridge, bridge.silentStrain.span),
      kind: 'dropout',
      from: end - bridge.silentStrain.daysAgo * DAY_MS,
    });
  }
  return { damage, faults };
}

/** The simulator scenario of a demo bridge on a given timeline. */
export function demoScenario(
  bridge: DemoBridge,
  timeline: DemoTimeline,
  rates: DemoRates = DEMO_RATES,
): BridgeScenario {
  const own = ratesOf(bridge, rates);
  return {
    seed: bridge.seed,
    spans: DEMO_SPAN_LABELS.map((_, i) => ({ id: `span-${i + 1}`, modes: spanModes(bridge, i) })),
    climate: demoClimate(bridge, timeline),
    streams: demoStreams(bridge, own),
    ...demoEvents(bridge, timeline.end),
  };
}
