import { csvCell } from './csv';
import { DATA_TYPE_UNITS, isDataType } from './enums';

// The readings export (GET /datastreams/{id}/readings.csv), decision 034: one value column
// named after the stream and its unit, values to 6 significant digits.

/** Digits kept of each sample: more than a bridge sensor resolves, far fewer than a float's 17. */
export const READING_SIGNIFICANT_DIGITS = 6;

/** 'lions-gate-s2-str (µε)': what the value column holds, for a person and a spreadsheet. */
export function readingsColumnName(streamId: string, dataType: string): string {
  return isDataType(dataType) ? `${streamId} (${DATA_TYPE_UNITS[dataType]})` : streamId;
}

/** The header line: the time column, then the stream's values with their unit. */
export function readingsCsvHeader(streamId: string, dataType: string): string {
  return `timestamp,${csvCell(readingsColumnName(streamId, dataType))}\n`;
}

/**
 * A sample as written: 6 significant digits, no trailing zeros ('260.123', '0.00123457'). A
 * stream that declares its resolution (decision 052) gets at least the step's decimals, so a
 * displacement of 1234.567 mm stored to 0.001 reads 1234.567, not 1234.57: whichever of the two
 * texts is nearer the stored value is written (decision 034's "if one does").
 */
export function readingCsvValue(value: number, stepDecimals?: number): string {
  const significant = Number(value.toPrecision(READING_SIGNIFICANT_DIGITS));
  if (stepDecimals === undefined || !Number.isFinite(value)) return String(significant);
  const onStep = Number(value.toFixed(stepDecimals));
  return String(Math.abs(onStep - value) < Math.abs(significant - value) ? onStep : significant);
}

/** Decimals that write a resolution's multiples exactly: 0.01 → 2, 0.25 → 2, 5 → 0 (at most 15). */
export function decimalsOfStep(step: number): number {
  for (let decimals = 0; decimals < 15; decimals += 1) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) <= 1e-6) {
      return decimals;
    }
  }
  return 15;
}

/**
 * The export's timestamps, as `Date.prototype.toISOString` writes them, from 1970 to 9999 (the
 * export's range), made faster for many samples in order: the date, hour and minute are formatted
 * once per minute, the seconds and milliseconds by hand. `toISOString` per sample was half of the
 * export's time on the thread serving requests (issue 37, finding 6; decision 047).
 */
export function createCsvTimeFormatter(): (ms: number) => string {
  let minuteStart = NaN;
  let prefix = '';
  return (ms) => {
    // A Date keeps whole milliseconds, cutting a fraction toward zero; the times are positive.
    const whole = Math.floor(ms);
    const intoMinute = whole - minuteStart;
    if (!(intoMinute >= 0 && intoMinute < 60_000)) {
      minuteStart = whole - (whole % 60_000);
      prefix = new Date(minuteStart).toISOString().slice(0, 17);
      return `${prefix}${secondsPart(whole - minuteStart)}`;
    }
    return `${prefix}${secondsPart(intoMinute)}`;
  };
}

/** 'ss.mmmZ' of a time `intoMinute` ms after its minute began. */
function secondsPart(intoMinute: number): string {
  const seconds = Math.floor(intoMinute / 1000);
  const millis = intoMinute - seconds * 1000;
  const ss = seconds < 10 ? `0${seconds}` : `${seconds}`;
  const mmm = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`;
  return `${ss}.${mmm}Z`;
}
