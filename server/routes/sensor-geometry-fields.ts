import type { SensorGeometryValues } from '../repositories/sensors-repository.ts';
import type { Schemas } from '../contract-types.ts';

/**
 * The contract's geometry fields as columns. The contract bounds each value, which also refuses
 * a number JSON reads as infinite (1e999); an absent field is not recorded, as null is.
 */
export function geometryColumns(
  geometry: Partial<Schemas['SensorGeometry']>,
): SensorGeometryValues {
  return {
    chainageM: geometry.chainage_m ?? null,
    transverseOffsetM: geometry.transverse_offset_m ?? null,
    direction: geometry.direction ?? null,
  };
}
