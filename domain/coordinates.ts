// Map coordinate rules of spec §5: a bridge is drawn on the map only when its `location_on_map`
// text is exactly 'lat,lng' with two numeric parts inside the valid ranges.

export interface LatLng {
  lat: number;
  lng: number;
}

// A plain decimal (optionally signed, optionally with an exponent). Stricter than parseFloat,
// which would read '45abc' as 45 and so put a malformed row on the map.
const NUMERIC = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function isNumericText(text: string): boolean {
  return NUMERIC.test(text.trim());
}

export function isValidLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

export function isValidLongitude(lng: number): boolean {
  return Number.isFinite(lng) && lng >= -180 && lng <= 180;
}

export function isValidCoordinate(lat: number, lng: number): boolean {
  return isValidLatitude(lat) && isValidLongitude(lng);
}

/** The position in `location_on_map`, or null when spec §5 keeps the bridge off the map. */
export function parseLocationOnMap(value: string | null | undefined): LatLng | null {
  if (value == null) return null;
  const parts = value.split(',');
  if (parts.length !== 2) return null;
  const [latText = '', lngText = ''] = parts;
  if (!isNumericText(latText) || !isNumericText(lngText)) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  return isValidCoordinate(lat, lng) ? { lat, lng } : null;
}
