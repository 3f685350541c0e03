import type { components } from '../../../openapi/schema';
import { isValidLatitude, isValidLongitude } from '../../../domain/coordinates';
import { parseDecimal } from '../../../domain/form-rules';

type Bridge = components['schemas']['Bridge'];
type BridgeInput = components['schemas']['BridgeInput'];

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type BridgeFormValues = {
  name: string;
  location: string;
  constructionDate: string;
  lengthPerSpan: string;
  latitude: string;
  longitude: string;
};

export type BridgeFormErrors = Partial<Record<keyof BridgeFormValues, string>>;

export const BRIDGE_FORM_TEXT = {
  name: 'Please select a bridge',
  location: 'Location description is required',
  constructionDate: 'Construction date is required',
  lengthPerSpan: 'Length per span must be greater than 0',
  latitudeRequired: 'Latitude is required',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRequired: 'Longitude is required',
  longitudeRange: 'Longitude must be between -180 and 180',
} as const;

export function bridgeFormValues(bridge?: Bridge): BridgeFormValues {
  return {
    name: bridge?.name ?? '',
    location: bridge?.location ?? '',
    constructionDate: bridge?.construction_date ?? '',
    lengthPerSpan: bridge?.length_per_span?.toString() ?? '',
    latitude: bridge?.latitude?.toString() ?? '',
    longitude: bridge?.longitude?.toString() ?? '',
  };
}

function coordinateError(
  text: string,
  isValid: (n: number) => boolean,
  required: string,
  range: string,
) {
  const n = parseDecimal(text);
  if (text.trim() === '') return required;
  return n === null || !isValid(n) ? range : undefined;
}

/** Spec §5: name, location, construction date, latitude, longitude required; length optional. */
export function validateBridgeForm(values: BridgeFormValues): BridgeFormErrors {
  const errors: BridgeFormErrors = {};
  if (!values.name) errors.name = BRIDGE_FORM_TEXT.name;
  if (!values.location.trim()) errors.location = BRIDGE_FORM_TEXT.location;
  if (!values.constructionDate) errors.constructionDate = BRIDGE_FORM_TEXT.constructionDate;
  if (values.lengthPerSpan.trim() !== '') {
    const length = parseDecimal(values.lengthPerSpan);
    if (length === null || length <= 0) errors.lengthPerSpan = BRIDGE_FORM_TEXT.lengthPerSpan;
  }
  const lat = coordinateError(
    values.latitude,
    isValidLatitude,
    BRIDGE_FORM_TEXT.latitudeRequired,
    BRIDGE_FORM_TEXT.latitudeRange,
  );
  if (lat) errors.latitude = lat;
  const lng = coordinateError(
    values.longitude,
    isValidLongitude,
    BRIDGE_FORM_TEXT.longitudeRequired,
    BRIDGE_FORM_TEXT.longitudeRange,
  );
  if (lng) errors.longitude = lng;
  return errors;
}

/** The body of spec §7 (location_on_map is written by the server from the coordinates). */
export function bridgeBody(values: BridgeFormValues): BridgeInput {
  const latitude = Number(values.latitude);
  const longitude = Number(values.longitude);
  return {
    name: values.name,
    location: values.location.trim(),
    construction_date: values.constructionDate,
    length_per_span: parseDecimal(values.lengthPerSpan),
    location_on_map: `${latitude},${longitude}`,
    latitude,
    longitude,
  };
}
