// npm run -s detect -- --input FILE.csv --baseline-rows N [--context COL,...] [--method NAME]
// One JSON object on stdout; progress on stderr; bad input → a clear message and exit code 2.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InputError, parseChannelCsv } from './csv-table.ts';
import {
  defaultMethod,
  detectTable,
  targetRateOf,
  type DetectMethod,
  type DetectOptions,
} from './detect.ts';
import type { TriggerLevels } from './cumulative-shift.ts';
import { runCommand } from './run-command.ts';

const USAGE =
  'Usage: npm run -s detect -- --input FILE.csv --baseline-rows N [--context COL,...] [--method autoencoder|mahalanobis|streaming|control-chart] [--target-false-alarm-rate P] [--smooth-rows K] [--seed N] [--epochs N] [--trigger-levels AMBER,RED (losses in %, default 2,5)]';

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

function rate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) {
    throw new InputError(`--target-false-alarm-rate must be a number, got '${value}'`);
  }
  return parsed;
}

/** '--trigger-levels 2,5': the amber and red losses in percent of frequency, red the larger. */
function triggerLevels(value: string | undefined): TriggerLevels | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => Number(p.trim()));
  const [amber, red] = parts;
  if (
    parts.length !== 2 ||
    amber === undefined ||
    red === undefined ||
    !(amber > 0 && red > amber && red < 100)
  ) {
    throw new InputError(
      `--trigger-levels must be two losses in percent, amber then red (red the larger), e.g. 2,5; got '${value}'`,
    );
  }
  return { amber: -amber / 100, red: -red / 100 };
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
        method: { type: 'string' },
        'target-false-alarm-rate': { type: 'string' },
        'smooth-rows': { type: 'string' },
        seed: { type: 'string' },
        epochs: { type: 'string' },
        'trigger-levels': { type: 'string' },
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
  const contextColumns = values.context
    ? values.context
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
    : [];
  const method = (values.method ??
    defaultMethod(table, contextColumns, baselineRows)) as DetectMethod;
  const options: DetectOptions = {
    baselineRows,
    contextColumns,
    method,
    targetFalseAlarmRate: rate(values['target-false-alarm-rate']),
    smoothRows: integer(values['smooth-rows'], '--smooth-rows'),
    seed: integer(values.seed, '--seed'),
    epochs: integer(values.epochs, '--epochs'),
    triggerLevels: triggerLevels(values['trigger-levels']),
    onProgress: progressBar(`Training ${method}`),
  };
  process.stderr.write(
    `Read ${table.rows.length} rows, ${table.columns.length} channels from ${values.input}\n`,
  );
  const result = await detectTable(table, options);
  if (method !== 'streaming') options.onProgress?.(1);
  process.stderr.write(
    `Trained ${method} in ${(result.trainingMs / 1000).toFixed(1)} s; threshold ${result.threshold.toPrecision(4)} for a false-alarm rate of ${targetRateOf(options)} (${result.calibration_rows} calibration rows)\n`,
  );
  process.stderr.write(
    `Scored ${table.rows.length} rows: ${result.anomaly_count} above the threshold, ${result.alarms.length} alarms\n`,
  );
  // trainingMs is progress information, not part of the answer.
  process.stdout.write(`${JSON.stringify({ ...result, trainingMs: undefined })}\n`);
}

runCommand('detect', main);
