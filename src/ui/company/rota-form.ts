import { isApiError } from '../../../domain/api-error';
import { instantOfLocal, localClockOf } from '../../../domain/local-time';
import { isTimeZone } from '../../../domain/quiet-hours';
import { rotaProblem } from '../../../domain/rota-rules';
import type { Rota, RotaInput } from '../../api/queries/rotas';

/** One stand-in as typed: the times are 'YYYY-MM-DDTHH:MM' on the rota's own clock. */
export interface OverrideValues {
  /** Tells rows apart while they are added and removed; never sent. */
  key: number;
  userId: string;
  from: string;
  until: string;
  reason: string;
}

export interface RotaFormValues {
  name: string;
  rotation: 'daily' | 'weekly';
  handOffTime: string;
  timeZone: string;
  startsOn: string;
  /** User ids in turn order. */
  members: number[];
  overrides: OverrideValues[];
}

/** A refusal as shown: the field the API names (`overrides[1].to`) and a sentence. */
export interface FieldRefusal {
  field: string;
  message: string;
}

export const ROTA_SAVED = 'Rota saved';
export const ROTA_DELETED = 'Rota deleted';
export const ROTA_DELETE_FAILED = 'Failed to delete the rota';

/** The override field names the API uses, so a refusal lands beside its input. */
export const overrideField = (index: number, name: 'user_id' | 'from' | 'to') =>
  `overrides[${String(index)}].${name}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it on the zone's clock. */
export function localInputOf(iso: string, timeZone: string): string {
  const { date, seconds } = localClockOf(new Date(iso), timeZone);
  return `${date}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
}

/** A `datetime-local` value read on the zone's clock; null when it is not one. */
export function instantOfInput(typed: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(typed);
  if (!match?.[1] || !isTimeZone(timeZone)) return null;
  return instantOfLocal(match[1], Number(match[2]) * 3600 + Number(match[3]) * 60, timeZone);
}

let nextKey = 0;
export const newOverride = (): OverrideValues => ({
  key: (nextKey += 1),
  userId: '',
  from: '',
  until: '',
  reason: '',
});

/** A new rota starts weekly at 09:00 on the viewer's clock, from today. */
export function formValuesOf(
  rota: Rota | undefined,
  timeZone: string,
  today: string,
): RotaFormValues {
  if (!rota) {
    return {
      name: '',
      rotation: 'weekly',
      handOffTime: '09:00',
      timeZone,
      startsOn: today,
      members: [],
      overrides: [],
    };
  }
  return {
    name: rota.name,
    rotation: rota.rotation,
    handOffTime: rota.hand_off_time,
    timeZone: rota.time_zone,
    startsOn: rota.starts_on,
    members: [...rota.members],
    overrides: rota.overrides.map((o) => ({
      ...newOverride(),
      userId: String(o.user_id),
      from: localInputOf(o.from, rota.time_zone),
      until: localInputOf(o.to, rota.time_zone),
      reason: o.reason,
    })),
  };
}

/** What the form cannot send yet, in the API's `field: reason` form; null when it can. */
function incomplete(values: RotaFormValues): string | null {
  if (values.name.trim() === '') return 'name: enter a name';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startsOn)) return 'starts_on: enter the first turn’s date';
  for (const [index, o] of values.overrides.entries()) {
    if (o.userId === '') return `${overrideField(index, 'user_id')}: choose who stands in`;
    if (o.from === '') return `${overrideField(index, 'from')}: enter when it begins`;
    if (o.until === '') return `${overrideField(index, 'to')}: enter when it ends`;
  }
  return null;
}

/** The body to send, or the first problem the server would refuse it for (the same rules). */
export function inputOf(values: RotaFormValues): { input: RotaInput } | { problem: FieldRefusal } {
  const overrides = values.overrides.map((o) => ({
    from: instantOfInput(o.from, values.timeZone) ?? new Date(NaN),
    to: instantOfInput(o.until, values.timeZone) ?? new Date(NaN),
    userId: Number(o.userId),
    reason: o.reason.trim(),
  }));
  const problem =
    incomplete(values) ??
    rotaProblem({
      handOffTime: values.handOffTime,
      timeZone: values.timeZone,
      members: values.members,
      overrides,
    });
  if (problem) return { problem: refusalOfDetail(problem) };
  return {
    input: {
      name: values.name.trim(),
      rotation: values.rotation,
      hand_off_time: values.handOffTime,
      time_zone: values.timeZone,
      starts_on: values.startsOn,
      members: values.members,
      overrides: overrides.map((o) => ({
        from: o.from.toISOString(),
        to: o.to.toISOString(),
        user_id: o.userId,
        ...(o.reason === '' ? {} : { reason: o.reason }),
      })),
    },
  };
}

const sentenceOf = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

/** The fields the API names in its `field: reason` details (rotas-handlers.ts, rota-rules.ts). */
const ROTA_FIELD =
  /^(name|rotation|hand_off_time|time_zone|starts_on|members|overrides(?:\[\d+\]\.(?:user_id|from|to))?):\s*(.+)$/s;

/** A `field: reason` detail as the field it names and a sentence ('' for none named). */
export function refusalOfDetail(detail: string, fields: RegExp = ROTA_FIELD): FieldRefusal {
  const named = fields.exec(detail);
  return { field: named?.[1] ?? '', message: sentenceOf(named?.[2] ?? detail) };
}

/**
 * The field the server's refusal names and its reason as a sentence; undefined for a refusal
 * of the whole form (then shown in a banner). `overrides[0].to` is not a name ApiError reads.
 */
export function fieldRefusalOf(
  error: unknown,
  fields: RegExp = ROTA_FIELD,
): FieldRefusal | undefined {
  if (!isApiError(error) || !error.detail) return undefined;
  const refusal = refusalOfDetail(error.detail, fields);
  return refusal.field === '' ? undefined : refusal;
}
