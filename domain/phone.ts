/**
 * A phone number in E.164 form (ITU-T E.164: a country code and subscriber number of at most 15
 * digits in all), as SMS providers take it: '+' then 8 to 15 digits, the first not 0. Spaces,
 * dots, dashes and brackets people type are dropped first; anything else is refused (null).
 */
export function e164Of(typed: string): string | null {
  const compact = typed.replace(/[\s.()-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}
