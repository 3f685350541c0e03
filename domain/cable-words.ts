// The words of a cable's tension, shared by the dashboard's Cable tension card and the monthly
// report (decision 079).
import type { CableSettings } from './cable.ts';

const figure = (value: number) => value.toFixed(value >= 100 ? 0 : 1);
const kn = (value: number) => `${figure(value)} kN`;

/** '2998 ± 3.2 kN'. */
export function tensionText(tensionKn: number, uncertaintyKn: number | null): string {
  return uncertaintyKn === null
    ? kn(tensionKn)
    : `${figure(tensionKn)} ± ${figure(uncertaintyKn)} kN`;
}

/** '100 m, 60 kg/m, EI 5.00 MN·m²' or '…, EI fitted'. */
export function cableText(cable: CableSettings): string {
  const ei = cable.bending_stiffness_nm2;
  return (
    `${cable.length_m} m, ${cable.mass_per_m} kg/m, ` +
    (ei == null ? 'EI fitted from the harmonics' : `EI ${(ei / 1e6).toFixed(2)} MN·m²`)
  );
}

/** The limits in force, in words; 'none set' when there are none. */
export function limitsText(cable: CableSettings, referenceKn: number | null): string {
  const parts: string[] = [];
  if (cable.tension_low_kn != null) parts.push(`low ${kn(cable.tension_low_kn)}`);
  if (cable.tension_high_kn != null) parts.push(`high ${kn(cable.tension_high_kn)}`);
  if (cable.tension_change_percent != null) {
    parts.push(
      referenceKn === null
        ? `±${cable.tension_change_percent} % of the first day's mean (not yet known)`
        : `±${cable.tension_change_percent} % of the reference ${kn(referenceKn)}`,
    );
  }
  return parts.length === 0 ? 'none set' : parts.join(' · ');
}
