import { HttpError } from '../http-error.ts';

const DAY_MS = 86_400_000;

/** A calendar day YYYY-MM-DD as the epoch ms of its UTC midnight; a 400 naming the field otherwise. */
function dayOf(field: string, text: string | undefined): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to March: a day that does not round-trip does not exist.
  if (!match || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new HttpError(400, `${field}: must be a calendar day YYYY-MM-DD`);
  }
  return ms;
}

/**
 * The UTC days `from` to `to`, both included, as [fromMs, toMs) with toMs the midnight after
 * `to`; at most `maxDays` days, so one request's work is bounded.
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  maxDays: number,
): { fromMs: number; toMs: number } {
  const fromMs = dayOf('from', from);
  const toMs = dayOf('to', to) + DAY_MS;
  if (toMs <= fromMs) throw new HttpError(400, 'to: must not be before from');
  if (toMs - fromMs > maxDays * DAY_MS) {
    throw new HttpError(400, `to: at most ${maxDays} days from from, both included`);
  }
  return { fromMs, toMs };
}
