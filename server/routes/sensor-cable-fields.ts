import type { CableSettings } from '../../domain/cable.ts';
import { HttpError } from '../http-error.ts';
import type { Schemas } from '../contract-types.ts';

/**
 * The contract's cable as the sensor's column (decision 079), with the checks the contract
 * cannot state: only an accelerometer can read a cable's vibration, and the low limit lies
 * below the high one. `within` names the body field holding the cable ('cable' on create; ''
 * when the body is the cable). Absent or null: not on a cable.
 */
export function cableColumn(
  type: string,
  cable: Schemas['Cable'] | null | undefined,
  within: string,
): CableSettings | null {
  if (cable == null) return null;
  const field = (name: string) => (within ? `${within}.${name}` : name);
  if (type !== 'accelerometer') {
    throw new HttpError(
      400,
      `${within || 'type'}: a cable's tension is read from an accelerometer, not from a ${type}`,
    );
  }
  const low = cable.tension_low_kn ?? null;
  const high = cable.tension_high_kn ?? null;
  if (low !== null && high !== null && low >= high) {
    throw new HttpError(
      400,
      `${field('tension_low_kn')}: must be below tension_high_kn (${high}), got ${low}`,
    );
  }
  return {
    length_m: cable.length_m,
    mass_per_m: cable.mass_per_m,
    bending_stiffness_nm2: cable.bending_stiffness_nm2 ?? null,
    tension_low_kn: low,
    tension_high_kn: high,
    tension_change_percent: cable.tension_change_percent ?? null,
    reference_tension_kn: cable.reference_tension_kn ?? null,
  };
}
