/** The contract's shapes of a logger file's inspection and of an import's summary. */
import type { Inspection } from '../import/file-inspection.ts';
import type { ImportSummary } from '../import/logger-import.ts';
import type { Schemas } from '../contract-types.ts';

export function inspectionDto(inspection: Inspection): Schemas['LoggerFileInspection'] {
  return {
    format: inspection.format,
    format_name: inspection.formatName,
    encoding: inspection.encoding,
    time_column: inspection.layout.time.header,
    date_order: inspection.dateOrder,
    date_order_choices: inspection.dateOrderChoices,
    date_order_question: inspection.problem,
    rate_hz: inspection.rateHz,
    columns: inspection.channels.map((c) => ({
      key: `#${c.index + 1}`,
      header: c.header,
      name: c.name,
      unit: c.unit,
    })),
    preview: inspection.preview,
  };
}

export function summaryDto(summary: ImportSummary): Schemas['LoggerImportSummary'] {
  const { inspection } = summary;
  return {
    format_name: inspection.formatName,
    // An import only runs once the date order is known (importLoggerFile refuses otherwise).
    date_order: inspection.dateOrder ?? 'ymd',
    rate_hz: inspection.rateHz,
    rows: summary.rows,
    samples: summary.samples,
    stored_samples: summary.storedSamples,
    duplicate_samples: summary.duplicateSamples,
    error_count: summary.errorTotal,
    errors: summary.errors,
  };
}
