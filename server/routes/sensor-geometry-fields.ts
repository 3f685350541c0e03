import { HttpError } from '../http-error.ts';
import type { SensorGeometryValues } from '../repositories/sensors-repository.ts';
import type { SpansRepository } from '../repositories/spans-repository.ts';
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

/**
 * A chainage is measured from the span's first support (decision 057), so one beyond the span's
 * length places the sensor off its span: a slip of the keyboard or the wrong span, refused. The
 * span is read only when a chainage is given.
 */
export async function assertOnSpan(
  spans: Pick<SpansRepository, 'findById'>,
  spanId: number,
  chainage: number | null | undefined,
): Promise<void> {
  if (chainage == null) return;
  const span = await spans.findById(spanId);
  if (!span || chainage <= span.length) return;
  throw new HttpError(
    400,
    `chainage_m: ${chainage} m is beyond the length of span '${span.label}' (${span.length} m)`,
  );
}
