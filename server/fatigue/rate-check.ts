// Does a strain stream's sampling rate resolve its load cycles? (issue 30, decision 045)
//
// Rule. A vehicle crossing the gauge's span loads it for T = (L_span + L_vehicle) / v; the
// influence line of a midspan gauge makes that one pulse, peaking near the middle. A rate of at
// least RESOLVING_SAMPLES / T puts ten samples on a crossing, so the sample nearest the peak is
// at most T/20 from it: the counted range is within 10 % of the peak's on a triangular pulse.
// Below that the rate is flagged. v and L_vehicle are those of the demo's traffic model
// (server/sim/traffic-strain.ts: 85 km/h, semis about 16.5 m long).
//
// Undercount. With a sampling interval Δt and r = Δt / T, the sample nearest the peak of a
// triangular pulse of height A lies a uniform u ∈ [0, Δt/2] from it and reads A·(1 − 2u/T); a
// range enters damage as its m-th power, so the expected fraction of a crossing's damage caught is
//   r ≤ 1: E = (1 − (1 − r)^(m+1)) / ((m + 1)·r)
//   r > 1: E = 1 / ((m + 1)·r)  (the pulse is caught with probability 1/r, at a uniform height)
// and the damage is undercounted by about 1/E. On the demo's 10 s gauges on 40 m spans (r ≈ 4.2,
// m = 3) that is ×17. It is a lower bound: it ignores the axles' own sub-cycles and a cut-off
// that the lowered ranges fall under; on the traffic model (EC3 71) `npm run bench:fatigue`
// measured ×43 for 0.1 Hz against 20 Hz over one day (decision 045), so the warning says "or more".

export const TRAFFIC_SPEED_M_S = 85 / 3.6;
export const VEHICLE_LENGTH_M = 16.5;
export const RESOLVING_SAMPLES = 10;

export interface RateCheck {
  sampleRateHz: number;
  spanLengthM: number;
  /** T: how long a crossing loads the gauge, s. */
  loadDurationS: number;
  requiredRateHz: number;
  resolves: boolean;
  /** 1/E: how many times the counted damage falls short (1 when resolved exactly). */
  estimatedUndercount: number;
  rule: string;
  /** What the card and the report say when the rate falls short; null when it does not. */
  warning: string | null;
}

/** Expected fraction of a triangular pulse's damage a sampled count catches (see above). */
export function caughtFraction(intervalOverDuration: number, slope: number): number {
  const r = intervalOverDuration;
  if (r <= 0) return 1;
  if (r > 1) return 1 / ((slope + 1) * r);
  return (1 - (1 - r) ** (slope + 1)) / ((slope + 1) * r);
}

const fixed = (x: number, digits: number) => Number(x.toPrecision(digits)).toString();

export function rateCheck(sampleRateHz: number, spanLengthM: number, slope = 3): RateCheck {
  const loadDurationS = (spanLengthM + VEHICLE_LENGTH_M) / TRAFFIC_SPEED_M_S;
  const requiredRateHz = RESOLVING_SAMPLES / loadDurationS;
  const resolves = sampleRateHz >= requiredRateHz;
  const undercount = 1 / caughtFraction(1 / sampleRateHz / loadDurationS, slope);
  const rule =
    `A crossing loads the ${fixed(spanLengthM, 3)} m span for about ${fixed(loadDurationS, 2)} s ` +
    `(span + ${VEHICLE_LENGTH_M} m vehicle at 85 km/h); ${RESOLVING_SAMPLES} samples a crossing ` +
    `need ${fixed(requiredRateHz, 2)} Hz`;
  return {
    sampleRateHz,
    spanLengthM,
    loadDurationS,
    requiredRateHz,
    resolves,
    estimatedUndercount: undercount,
    rule,
    warning: resolves
      ? null
      : `Sampling at ${fixed(sampleRateHz, 3)} Hz cannot resolve load cycles (needs ${fixed(requiredRateHz, 2)} Hz): damage is undercounted by about ${fixed(undercount, 2)}× or more`,
  };
}
