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

/** A sample as written: 6 significant digits, no trailing zeros ('260.123', '0.00123457'). */
export function readingCsvValue(value: number): string {
  return String(Number(value.toPrecision(READING_SIGNIFICANT_DIGITS)));
}
