import type { BridgeScenario, DamageSpec, ModeSpec } from './scenario.ts';

/** Reference temperature at which f0Hz is given. */
export const REFERENCE_TEMPERATURE_C = 10;
/** Vehicles add mass: full traffic lowers frequencies by this fraction. */
const TRAFFIC_MASS_EFFECT = 0.002;
/** Degrees below 0 °C over which the frozen stiffening builds up. */
const FREEZE_SCALE_C = 2;

/**
 * Natural frequency of one mode. Elastic modulus falls as temperature rises (linear, as
 * observed on most decks); below 0 °C the frozen deck surface, joints and bearings stiffen the
 * structure sharply and non-linearly (Peeters & De Roeck 2001, Z24 bridge).
 */
export function modeFrequency(
  mode: ModeSpec,
  temperatureC: number,
  traffic: number,
  damageFactor: number,
): number {
  const linear = 1 - mode.tempCoefPerC * (temperatureC - REFERENCE_TEMPERATURE_C);
  const frozen =
    temperatureC < 0 ? mode.freezeGain * (1 - Math.exp(temperatureC / FREEZE_SCALE_C)) : 0;
  return mode.f0Hz * linear * (1 + frozen) * (1 - TRAFFIC_MASS_EFFECT * traffic) * damageFactor;
}

/** Multiplier (≤ 1) applied by every damage event active at time t on that span and mode. */
export function damageFactorAt(
  scenario: BridgeScenario,
  span: string,
  modeIndex: number,
  t: number,
): number {
  let factor = 1;
  for (const damage of scenario.damage) {
    if (damage.span === span && damage.modes.includes(modeIndex) && isActive(damage, t)) {
      factor *= 1 - damage.dropPercent / 100;
    }
  }
  return factor;
}

function isActive(damage: DamageSpec, t: number): boolean {
  if (t < damage.from) return false;
  const cycle = damage.intermittent;
  return cycle === undefined || (t - damage.from) % cycle.periodMs < cycle.openMs;
}

/** True when any damage event is active at t. */
export function isDamagedAt(scenario: BridgeScenario, t: number): boolean {
  return scenario.damage.some((damage) => isActive(damage, t));
}

/** Every mode's frequency on a span at time t. */
export function spanFrequencies(
  scenario: BridgeScenario,
  span: string,
  temperatureC: number,
  traffic: number,
  t: number,
): number[] {
  const spec = scenario.spans.find((s) => s.id === span);
  if (!spec) return [];
  return spec.modes.map((mode, k) =>
    modeFrequency(mode, temperatureC, traffic, damageFactorAt(scenario, span, k, t)),
  );
}
