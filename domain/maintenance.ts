// Maintenance events of a bridge (issue 15): their kinds, shared by the SPA form, the server's
// storage check and the analysis, which relearns the bridge's normal from them.

export const MAINTENANCE_KINDS = [
  'repair',
  'bearing_replacement',
  'sensor_rezero',
  'sensor_replacement',
] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

export const MAINTENANCE_KIND_LABELS: Record<MaintenanceKind, string> = {
  repair: 'Repair',
  bearing_replacement: 'Bearing replacement',
  sensor_rezero: 'Sensor re-zero',
  sensor_replacement: 'Sensor replacement',
};

/** Kinds that change the structure: the whole bridge's baseline starts again from them. */
export const STRUCTURAL_KINDS: readonly MaintenanceKind[] = ['repair', 'bearing_replacement'];
/** Kinds that change one sensor's output: they need the sensor they concern. */
export const SENSOR_KINDS: readonly MaintenanceKind[] = ['sensor_rezero', 'sensor_replacement'];

/** Days of data after a maintenance event before the analysis judges again. */
export const REBASELINE_DAYS = 7;

export const MAINTENANCE_NOTE_MAX = 2000;

/**
 * The longest out-of-service window (decision 055): a longer silence is a decommissioning, not
 * maintenance works.
 */
export const OUT_OF_SERVICE_MAX_DAYS = 31;

/** The dashboard's words for a bridge relearning its normal. */
export const rebaseliningText = (days: number, of: number = REBASELINE_DAYS): string =>
  `Re-baselining, ${days} of ${of} days`;
