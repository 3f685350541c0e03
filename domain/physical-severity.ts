// The physical rule beside spec §4 (docs/decisions/025-physical-trigger-levels.md): the spec's
// table still derives the condition from the anomaly count; a red crossing of the bridge's
// trigger level makes the structural alert at least High whatever that count gives.
import { type HealthAlert, severityRises, type Threat } from './health.ts';
import type { PhysicalChange } from './trigger-levels.ts';

export const RED_CROSSING_SEVERITY: Threat = 'High';

const atLeast = (severity: Threat, floor: Threat): Threat =>
  severityRises(severity, floor) ? floor : severity;

/** The spec's alerts with the red crossing's floor applied to 'Structural Warning'. */
export function withPhysicalSeverity(
  alerts: readonly HealthAlert[],
  change: PhysicalChange | null | undefined,
): HealthAlert[] {
  if (change?.level !== 'red') return [...alerts];
  const warning = alerts.find((a) => a.type === 'Structural Warning');
  if (warning) {
    return alerts.map((a) =>
      a === warning ? { ...a, severity: atLeast(a.severity, RED_CROSSING_SEVERITY) } : a,
    );
  }
  return [
    {
      type: 'Structural Warning',
      severity: RED_CROSSING_SEVERITY,
      message: 'A natural frequency dropped past the red trigger level',
    },
    ...alerts,
  ];
}
