import { type FieldErrors, inRange, isBlank } from '../../../domain/form-rules';
import { hasControlCharacter } from '../../../domain/one-line-text';
import { isSnCurve } from './sn-curve-options';

// Numeric fields: [form key, label, default, min, max] (the contract's bounds, checked here
// first so the engineer sees which field is wrong before the server answers).
export const NUMBERS = [
  ['modulusGpa', "Young's modulus E (GPa)", '200', 1, 1000],
  ['stressConcentration', 'Stress concentration Kf', '1', 0.1, 10],
  ['gammaFf', 'Partial factor γFf', '1', 0.5, 3],
  ['gammaMf', 'Partial factor γMf', '1', 0.5, 3],
  ['designLifeYears', 'Design life (years)', '100', 1, 500],
  ['alertLifeYears', 'Alert below remaining life (years)', '10', 0, 500],
  ['alertRateFactor', 'Alert at damage-rate jump (× 90-day rate)', '3', 1.1, 1000],
  ['alertDamageHigh', 'High alert at damage D', '0.5', 0, 1],
  ['alertDamageCritical', 'Critical alert at damage D', '0.8', 0, 1],
  ['priorDamage', 'Damage before monitoring D₀', '0', 0, 1],
] as const;
export type NumberKey = (typeof NUMBERS)[number][0];

/** The contract's bound on the detail's name and material. */
export const TEXT_MAX = 100;

function materialError(material: string | undefined): string | undefined {
  if (isBlank(material)) return 'Material is required';
  if ((material ?? '').trim().length > TEXT_MAX) return `Material: at most ${TEXT_MAX} characters`;
  if (hasControlCharacter(material ?? '')) return 'Material must be one line of text';
  return undefined;
}

/** The contract's rules the plain bounds above do not say: open ends and the levels' order. */
function damageErrors(values: Record<string, string>): Record<string, string> {
  const high = Number(values.alertDamageHigh);
  const critical = Number(values.alertDamageCritical);
  const found: Record<string, string> = {};
  if (high === 0) found.alertDamageHigh = 'High alert at damage D must be above 0';
  else if (high >= critical) {
    found.alertDamageHigh = 'High alert at damage D must be below the critical level';
  }
  if (critical === 0) found.alertDamageCritical = 'Critical alert at damage D must be above 0';
  if (Number(values.priorDamage) === 1)
    found.priorDamage = 'Damage before monitoring must be below 1';
  return found;
}

/** Checked before any call, so the engineer sees which field is wrong. */
export function validateFatigueDetailForm(values: Record<string, string>): FieldErrors<string> {
  const errors: FieldErrors<string> = damageErrors(values);
  if (isBlank(values.name)) errors.name = 'Name is required';
  const material = materialError(values.material);
  if (material) errors.material = material;
  for (const [key, label, , min, max] of NUMBERS) {
    if (!inRange(values[key], min, max)) errors[key] = `${label} must be between ${min} and ${max}`;
  }
  if (!isSnCurve(values.curve ?? '')) errors.curve = 'Choose an S-N curve';
  return errors;
}
