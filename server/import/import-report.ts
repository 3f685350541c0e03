/** What the import command prints: the file as found, its progress and its summary. */
import type { Inspection } from './file-inspection.ts';
import type { ImportSummary } from './logger-import.ts';

export function describeInspection(inspection: Inspection): string {
  const { layout } = inspection;
  const rate = inspection.rateHz > 0 ? `${inspection.rateHz} Hz` : 'irregular (single readings)';
  const lines = [
    `Format: ${inspection.formatName}, ${inspection.encoding}`,
    `Time: column '${layout.time.header}', date order ${inspection.dateOrder ?? 'unknown'}, rate ${rate}`,
    'Columns:',
    ...inspection.channels.map(
      (c) =>
        `  #${c.index + 1} ${c.name}${c.unit === '' ? '' : ` [${c.unit}]`}  (header '${c.header}')`,
    ),
    'Preview:',
    ...inspection.preview.map((row) => `  ${row.time} | ${row.cells.join(' | ')}`),
  ];
  return lines.join('\n');
}

export const MAP_HINT =
  'Map each column to a data stream of the bridge: --map "column=streamId" (the column by its name, its header or #n), once per column.';

export function describeSummary(summary: ImportSummary, dryRun: boolean): string {
  const lines = [
    `Rows read: ${summary.rows}`,
    `Samples read: ${summary.samples}`,
    dryRun
      ? 'Dry run: nothing stored'
      : `Samples stored: ${summary.storedSamples}, already stored (duplicates): ${summary.duplicateSamples}`,
    `Errors: ${summary.errorTotal}${summary.errorTotal > summary.errors.length ? ` (the first ${summary.errors.length} listed)` : ''}`,
    ...summary.errors.map((e) => `  line ${e.line}: ${e.message}`),
  ];
  return lines.join('\n');
}
