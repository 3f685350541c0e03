import { type DataType, SENSOR_TYPE_OF, type SensorType } from './enums';

const article = (words: string) => (/^[aeiou]/.test(words) ? `An ${words}` : `A ${words}`);

/**
 * Why a sensor cannot feed a data stream of this data type, or null when it can: each sensor
 * type records one data type (spec §3's two lists, paired in SENSOR_TYPE_OF). A strain gauge
 * feeding an 'acceleration' stream would be judged on thresholds of the wrong unit (issue 36).
 * Temperature fits every sensor: strain gauges, accelerometers, tiltmeters and load cells carry
 * their own thermistor for compensation, and its stream is the sensor's temperature.
 */
export function dataTypeMismatch(sensorType: SensorType, dataType: DataType): string | null {
  if (dataType === 'temperature' || SENSOR_TYPE_OF[dataType] === sensorType) return null;
  const fits = Object.entries(SENSOR_TYPE_OF).find(([, type]) => type === sensorType)?.[0];
  const sensor = article(sensorType.replace(/_/g, ' '));
  return fits
    ? `${sensor} records ${fits}, not ${dataType}`
    : `${sensor} cannot record ${dataType}`;
}
