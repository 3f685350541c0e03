import { isTimeZone, minutesOfClock } from './quiet-hours.ts';

/** What bounds a rota's work: each on-call answer and each alert looks at every member and override. */
export const MAX_ROTA_MEMBERS = 50;
export const MAX_ROTA_OVERRIDES = 200;

interface RotaFields {
  handOffTime: string;
  timeZone: string;
  members: readonly number[];
  overrides: readonly { from: Date; to: Date }[];
}

/**
 * Why this rota cannot be kept, as `field: reason` (the API's detail), or null when its own
 * fields are valid; whether its people are the company's is the server's to check. Fields are
 * named as the API names them.
 */
export function rotaProblem(rota: RotaFields): string | null {
  if (minutesOfClock(rota.handOffTime) === null) {
    return 'hand_off_time: must be a time of day as HH:MM (00:00 to 23:59)';
  }
  if (!isTimeZone(rota.timeZone)) {
    return 'time_zone: must be an IANA time zone name, e.g. America/Toronto';
  }
  if (rota.members.length > MAX_ROTA_MEMBERS) {
    return `members: at most ${MAX_ROTA_MEMBERS} members`;
  }
  if (new Set(rota.members).size !== rota.members.length) {
    return 'members: each member once';
  }
  if (rota.overrides.length > MAX_ROTA_OVERRIDES) {
    return `overrides: at most ${MAX_ROTA_OVERRIDES} overrides`;
  }
  const backwards = rota.overrides.findIndex((o) => !(o.to > o.from));
  if (backwards >= 0) return `overrides[${backwards}].to: must be after its from`;
  return null;
}
