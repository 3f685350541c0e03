// npm run -s detect -- --input FILE.csv --baseline-rows N [--context COL,...] [--method NAME]
// One JSON object on stdout; progress on stderr; bad input → a clear message and exit code 2.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InputError, parseChannelCsv } from './csv-table.ts';
import { scoreRows, trainOnTable, type DetectOptions } from './detect.ts';
import type { MethodName } from './detector.ts';

const USAGE =
  'Usage: npm run -s detect -- --input FILE.csv --baseline-rows N [--context COL,...] [--method autoencoder|mahalanobis] [--seed N] [--epochs N]';

function progressBar(label: string): (fraction: number) => void {
  let shown = -1;
  return (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (process.stderr.isTTY) {
      const filled = Math.round(fraction * 30);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${percent}%`,
      );
      if (fraction >= 1) process.stderr.write('\n');
    } else if (Math.floor(percent / 10) > shown) {
      shown = Math.floor(percent / 10);
      process.stderr.write(`${label} ${percent}%\n`);
    }
  };
}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new InputError(`${name} must be a whole number, got '${value}'`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        input: { type: 'string' },
        'baseline-rows': { type: 'string' },
        context: { type: 'string' },
        method: { type: 'string', default: 'autoencoder' },
        seed: { type: 'string' },
        epochs: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.input) throw new InputError(`--input is required\n${USAGE}`);
  const baselineRows = integer(values['baseline-rows'], '--baseline-rows');
  if (baselineRows === undefined) throw new InputError(`--baseline-rows is required\n${USAGE}`);
  let text: string;
  try {
    text = await readFile(values.input, 'utf8');
  } catch {
    throw new InputError(`Cannot read the input file '${values.input}'`);
  }
  const table = parseChannelCsv(text);
  const options: DetectOptions = {
    baselineRows,
    contextColumns: values.context
      ? values.context
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [],
    method: values.method as MethodName,
    seed: integer(values.seed, '--seed'),
    epochs: integer(values.epochs, '--epochs'),
    onProgress: progressBar(`Training ${values.method}`),
  };
  process.stderr.write(
    `Read ${table.rows.length} rows, ${table.columns.length} channels from ${values.input}\n`,
  );
  const { detector, data } = await trainOnTable(table, options);
  options.onProgress?.(1);
  process.stderr.write(
    `Trained in ${(detector.trainingMs / 1000).toFixed(1)} s; threshold ${detector.threshold.toPrecision(4)}\n`,
  );
  const result = scoreRows(detector, data);
  process.stderr.write(
    `Scored ${table.rows.length} rows: ${result.anomaly_count} above the threshold\n`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof InputError || error instanceof RangeError) {
    process.stderr.write(`detect: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(
      `detect: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = 1;
  }
});
