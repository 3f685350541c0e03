import { at } from './at.ts';
import { InputError, type ChannelTable } from './csv-table.ts';
import {
  MIN_BASELINE_ROWS,
  METHODS,
  trainDetector,
  type MethodName,
  type ScorerTrainer,
  type TrainedDetector,
} from './detector.ts';
import { trainMahalanobis } from './mahalanobis.ts';

// TensorFlow.js takes a second to load, so it is loaded only when the autoencoder is asked for.
const trainAutoencoderLazily: ScorerTrainer = async (rows, preprocessor, options) => {
  const { trainAutoencoder } = await import('./autoencoder.ts');
  return trainAutoencoder(rows, preprocessor, options);
};

export const TRAINERS: Record<MethodName, ScorerTrainer> = {
  autoencoder: trainAutoencoderLazily,
  mahalanobis: trainMahalanobis,
};

export interface DetectOptions {
  baselineRows: number;
  contextColumns: string[];
  method: MethodName;
  seed?: number;
  epochs?: number;
  onProgress?: (fraction: number) => void;
}

/** The detect command's answer (issue 8). A row with no scored value gets a null error. */
export interface DetectResult {
  method: MethodName;
  threshold: number;
  reconstruction_errors: (number | null)[];
  anomaly_indices: number[];
  anomaly_count: number;
}

export function checkDetectOptions(table: ChannelTable, options: DetectOptions): void {
  if (!METHODS.includes(options.method)) {
    throw new InputError(`Unknown method '${options.method}'; use one of: ${METHODS.join(', ')}`);
  }
  const n = options.baselineRows;
  if (!Number.isInteger(n) || n < MIN_BASELINE_ROWS || n > table.rows.length) {
    throw new InputError(
      `--baseline-rows must be a whole number from ${MIN_BASELINE_ROWS} to the ${table.rows.length} rows of the file`,
    );
  }
  for (const name of options.contextColumns) {
    if (!table.columns.includes(name)) {
      throw new InputError(`Context column '${name}' is not in the CSV header`);
    }
  }
  if (table.columns.every((c) => options.contextColumns.includes(c))) {
    throw new InputError('Every channel is a context column; nothing is left to score');
  }
}

/**
 * Splits the table into scored channels and context, filling missing context causally (the last
 * value seen, or the baseline mean before the first one) so that a row never borrows from the
 * future.
 */
export function splitTable(
  table: ChannelTable,
  options: DetectOptions,
): { features: number[][]; context: number[][] } {
  const contextIndex = options.contextColumns.map((name) => table.columns.indexOf(name));
  const featureIndex = table.columns.map((_, i) => i).filter((i) => !contextIndex.includes(i));
  const baselineMeans = contextIndex.map((c, k) => {
    const values = table.rows
      .slice(0, options.baselineRows)
      .map((row) => at(row, c))
      .filter(Number.isFinite);
    if (values.length === 0) {
      throw new InputError(
        `Context column '${options.contextColumns[k]}' has no values in the baseline rows`,
      );
    }
    return values.reduce((a, b) => a + b, 0) / values.length;
  });
  const last = [...baselineMeans];
  const context = table.rows.map((row) =>
    contextIndex.map((c, k) => {
      const value = at(row, c);
      if (Number.isFinite(value)) last[k] = value;
      return at(last, k);
    }),
  );
  return { features: table.rows.map((row) => featureIndex.map((i) => at(row, i))), context };
}

export async function trainOnTable(
  table: ChannelTable,
  options: DetectOptions,
): Promise<{
  detector: TrainedDetector;
  data: { features: number[][]; context: number[][] };
}> {
  checkDetectOptions(table, options);
  const data = splitTable(table, options);
  const n = options.baselineRows;
  const detector = await trainDetector(
    options.method,
    TRAINERS[options.method],
    { features: data.features.slice(0, n), context: data.context.slice(0, n) },
    { seed: options.seed, epochs: options.epochs, onProgress: options.onProgress },
  );
  return { detector, data };
}

export function scoreRows(
  detector: TrainedDetector,
  data: { features: number[][]; context: number[][] },
): DetectResult {
  const errors = data.features.map((f, i) => {
    const error = detector.score(f, at(data.context, i));
    return Number.isFinite(error) ? error : null;
  });
  const anomalies = errors.flatMap((e, i) => (e !== null && e > detector.threshold ? [i] : []));
  return {
    method: detector.method,
    threshold: detector.threshold,
    reconstruction_errors: errors,
    anomaly_indices: anomalies,
    anomaly_count: anomalies.length,
  };
}

export async function detectTable(
  table: ChannelTable,
  options: DetectOptions,
): Promise<DetectResult> {
  const { detector, data } = await trainOnTable(table, options);
  return scoreRows(detector, data);
}
