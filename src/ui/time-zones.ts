/** Every time zone this browser knows, with the user's own and UTC sure to be among them. */
export function timeZoneChoices(...wanted: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...wanted.filter(Boolean)])].sort();
}

export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A zone as a person reads it ('America/New_York' → 'America/New York'). */
export const zoneLabel = (zone: string): string => zone.replace(/_/g, ' ');

export const timeZoneOptions = (zones: string[]) =>
  zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
