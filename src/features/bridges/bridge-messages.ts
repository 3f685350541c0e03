// Spec §8, word for word (the 3000 ms of spec §9 is APP_TOAST_MS in src/ui/use-notify.ts).

export const BRIDGE_TOASTS = {
  fetchBridgesFailed: 'Failed to fetch bridges',
  fetchSpansFailed: 'Failed to fetch spans',
  fetchSensorsFailed: 'Failed to fetch sensors',
  fetchStreamsFailed: 'Failed to fetch datastreams',
  bridgeCreated: 'Bridge created successfully',
  bridgeUpdated: 'Bridge updated successfully',
  bridgeSaveFailed: 'Failed to save bridge',
  spanCreated: 'Span created successfully',
  spanCreateFailed: 'Failed to create span',
  sensorCreated: 'Sensor created successfully',
  sensorCreateFailed: 'Failed to create sensor',
} as const;

export type DeletableKind = 'bridge' | 'span' | 'sensor' | 'datastream';

export const DELETE_TOASTS: Record<DeletableKind, { done: string; failed: string }> = {
  bridge: { done: 'Bridge deleted successfully', failed: 'Failed to delete bridge' },
  span: { done: 'Span deleted successfully', failed: 'Failed to delete span' },
  sensor: { done: 'Sensor deleted successfully', failed: 'Failed to delete sensor' },
  datastream: { done: 'Datastream deleted successfully', failed: 'Failed to delete datastream' },
};

/** Spec §3: 'maintenance' shows as 'Under Maintenance' (shared with the monthly report). */
export { sensorStatusLabel } from '../../../domain/enums';

export function sensorTypeLabel(type: string): string {
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
