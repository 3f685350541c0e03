// The closed value sets of spec §3, shared by the SPA forms and the server's storage checks.
export const SENSOR_TYPES = [
  'accelerometer',
  'strain_gauge',
  'temperature',
  'displacement',
  'tilt',
  'load_cell',
] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

export const isSensorType = (text: string): text is SensorType =>
  (SENSOR_TYPES as readonly string[]).includes(text);

export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'faulty'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];

export const isSensorStatus = (text: string): text is SensorStatus =>
  (SENSOR_STATUSES as readonly string[]).includes(text);

/** Spec §3: 'maintenance' shows as 'Under Maintenance'; the others read as words. */
export function sensorStatusLabel(status: string): string {
  if (status === 'maintenance') return 'Under Maintenance';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export const DATA_TYPES = [
  'acceleration',
  'strain',
  'temperature',
  'displacement',
  'tilt',
  'load',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** The unit each data type is sent and stored in (the simulator and the ingest use the same). */
export const DATA_TYPE_UNITS: Record<DataType, string> = {
  acceleration: 'm/s²',
  strain: 'µε',
  temperature: '°C',
  displacement: 'mm',
  tilt: 'mrad',
  load: 'kN',
};

export const isDataType = (text: string): text is DataType =>
  (DATA_TYPES as readonly string[]).includes(text);

/** The kind of sensor that produces each data type. */
export const SENSOR_TYPE_OF: Record<DataType, SensorType> = {
  acceleration: 'accelerometer',
  strain: 'strain_gauge',
  temperature: 'temperature',
  displacement: 'displacement',
  tilt: 'tilt',
  load: 'load_cell',
};

export const BRIDGE_STATUSES = ['Open', 'Restricted', 'Closed', 'Under Construction'] as const;
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number];
