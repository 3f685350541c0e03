// A demo bridge's story for the simulator: its modes, its weather and what goes wrong on it.
import type {
  BridgeScenario,
  ClimateSpec,
  DamageSpec,
  FaultSpec,
  ModeSpec,
} from '../sim/scenario.ts';
import {
  DEMO_RATES,
  DEMO_SPAN_LABELS,
  type DemoBridge,
  type DemoRates,
  type DemoTimeline,
  ratesOf,
} from './demo-fleet.ts';
import { demoStreams, strainId } from './demo-layout.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_DAYS = 365.25;

// The main span is the longest, so its modes sit lowest. Three modes below 8 Hz, so a 20 Hz
// burst resolves them all even when a frozen deck stiffens them by 8 %.
const SPAN_FACTORS = [1, 0.9, 1.05];
const MODE_RATIOS = [1, 1.8, 2.5];

function spanModes(bridge: DemoBridge, spanIndex: number): ModeSpec[] {
  return MODE_RATIOS.map((ratio, k) => ({
    f0Hz: bridge.firstModeHz * (SPAN_FACTORS[spanIndex] ?? 1) * ratio,
    damping: 0.015 + 0.005 * k,
    tempCoefPerC: 0.0016 - 0.0002 * k,
    freezeGain: 0.08 - 0.015 * k,
  }));
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
