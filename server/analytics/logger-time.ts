/**
 * Timestamps as data loggers write them, and the order of their date fields. A logger writes
 * `2022-11-04 08:36:24.897` or `11.04.2022 08:36:25.984` with no zone, and some exports swap day
 * and month (the Munich test-day files say 2022-11-04 for 11 April 2022): a date whose day and
 * month could trade places is never guessed, its order must be given (decision 044).
 */
import { daysInMonth } from '../../domain/calendar.ts';

export type DateOrder = 'ymd' | 'ydm' | 'dmy' | 'mdy';
export const DATE_ORDERS: readonly DateOrder[] = ['ymd', 'ydm', 'dmy', 'mdy'];

/** The year first (`2022-11-04 ...`) or last (`11.04.2022 ...`); the ISO `T` form is ymd. */
const YEAR_FIRST =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:([ T])(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const YEAR_LAST =
  /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?$/;

export type DateShape = 'year-first' | 'iso' | 'year-last';

interface Fields {
  year: number;
  first: number;
  second: number;
  hour: number;
  minute: number;
  seconds: number;
  /** Milliseconds of the fraction, truncated (ingest keeps whole milliseconds). */
  millis: number;
  /** Minutes east of UTC the text names, or null when it names no zone. */
  offset: number | null;
}

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (zone === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits.startsWith('-') ? -minutes : minutes;
}

function fieldsOf(text: string): { shape: DateShape; fields: Fields } | null {
  const first = YEAR_FIRST.exec(text);
  if (first) {
    const fraction = first[8] ?? '';
    return {
      shape: first[4] === 'T' ? 'iso' : 'year-first',
      fields: {
        year: Number(first[1]),
        first: Number(first[2]),
        second: Number(first[3]),
        hour: Number(first[5] ?? 0),
        minute: Number(first[6] ?? 0),
        seconds: Number(first[7] ?? 0),
        millis: Number(fraction.padEnd(3, '0').slice(0, 3)),
        offset: offsetMinutes(first[9]),
      },
    };
  }
  const last = YEAR_LAST.exec(text);
  if (!last) return null;
  const fraction = last[7] ?? '';
  return {
    shape: 'year-last',
    fields: {
      year: Number(last[3]),
      first: Number(last[1]),
      second: Number(last[2]),
      hour: Number(last[4] ?? 0),
      minute: Number(last[5] ?? 0),
      seconds: Number(last[6] ?? 0),
      millis: Number(fraction.padEnd(3, '0').slice(0, 3)),
      offset: null,
    },
  };
}

/** The date orders a shape can be read in. */
export const ORDERS_OF_SHAPE: Record<DateShape, readonly DateOrder[]> = {
  iso: ['ymd'],
  'year-first': ['ymd', 'ydm'],
  'year-last': ['dmy', 'mdy'],
};

const monthFirst = (order: DateOrder) => order === 'ymd' || order === 'mdy';

/**
 * Milliseconds since the epoch of a logger's timestamp read in `order`, or NaN when the text is
 * not a timestamp, names a day or time that does not exist, or cannot be read in that order.
 * A time without a zone is local to the logger: `utcOffsetMinutes` east of UTC.
 */
export function timestampMs(text: string, order: DateOrder, utcOffsetMinutes = 0): number {
  const parsed = fieldsOf(text);
  if (!parsed || !ORDERS_OF_SHAPE[parsed.shape].includes(order)) return NaN;
  const { year, first, second, hour, minute, seconds, millis, offset } = parsed.fields;
  const [month, day] = monthFirst(order) ? [first, second] : [second, first];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  if (hour > 23 || minute > 59 || seconds > 59) return NaN;
  const utc = Date.UTC(year, month - 1, day, hour, minute, seconds, millis);
  return utc - (offset ?? utcOffsetMinutes) * 60_000;
}

/** The shape of a timestamp text, or null when it is none. */
export const shapeOf = (text: string): DateShape | null => fieldsOf(text)?.shape ?? null;

export type DateOrderFinding =
  | { ok: true; order: DateOrder }
  | { ok: false; reason: 'not-a-time'; example: string }
  | { ok: false; reason: 'order-does-not-fit'; example: string; orders: readonly DateOrder[] }
  | { ok: false; reason: 'ambiguous'; example: string; orders: readonly DateOrder[] };

/**
 * The date order of a column's timestamps: the one order under which every sampled text is a
 * real date, or `given` when it fits. Two orders that both fit (no day above 12 in the sample)
 * are ambiguous and answered as such, never guessed.
 */
export function findDateOrder(samples: readonly string[], given?: DateOrder): DateOrderFinding {
  const example = samples[0] ?? '';
  const shape = shapeOf(example);
  if (shape === null) return { ok: false, reason: 'not-a-time', example };
  // Texts of another shape are rows to report, not evidence about the order.
  const alike = samples.filter((text) => shapeOf(text) === shape);
  const fitting = ORDERS_OF_SHAPE[shape].filter((order) =>
    alike.every((text) => Number.isFinite(timestampMs(text, order))),
  );
  if (given !== undefined) {
    return fitting.includes(given)
      ? { ok: true, order: given }
      : { ok: false, reason: 'order-does-not-fit', example, orders: fitting };
  }
  const [only] = fitting;
  if (fitting.length === 1 && only !== undefined) return { ok: true, order: only };
  if (fitting.length === 0) return { ok: false, reason: 'not-a-time', example };
  return { ok: false, reason: 'ambiguous', example, orders: fitting };
}

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );

/** `2022-11-04` read in `order`, in words: '11 April 2022'. */
export function dateInWords(text: string, order: DateOrder): string {
  const ms = timestampMs(text, order);
  if (!Number.isFinite(ms)) return text;
  const date = new Date(ms);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

const ORDER_WORDS: Record<DateOrder, string> = {
  ymd: 'year-month-day',
  ydm: 'year-day-month',
  dmy: 'day-month-year',
  mdy: 'month-day-year',
};

/** Why a column's times cannot be read, for a person: names the column, the text and the orders. */
export function dateOrderProblem(
  finding: Exclude<DateOrderFinding, { ok: true }>,
  column: string,
): string {
  const { example } = finding;
  if (finding.reason === 'not-a-time') {
    return `Column '${column}' does not hold times a logger writes: '${example}'.`;
  }
  const readings = finding.orders
    .map((order) => `${dateInWords(example, order)} as ${ORDER_WORDS[order]} (${order})`)
    .join(' or ');
  if (finding.reason === 'order-does-not-fit') {
    return finding.orders.length === 0
      ? `The times in column '${column}' ('${example}') are not dates in the date order given.`
      : `The times in column '${column}' ('${example}') cannot be read in the date order given; they read as ${readings}.`;
  }
  return `The dates in column '${column}' are ambiguous: '${example}' reads as ${readings}. Give the date order.`;
}
