// npm run -s modal -- --input FILE.csv --rate HZ [--channels A,B,...] [--fmin F] [--fmax F]
//   [--max-order N] [--diagram FILE.svg]
// One JSON object on stdout; notes on stderr; bad input → a clear message and exit code 2.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InputError } from '../csv-table.ts';
import { parseChannelColumns } from './channel-csv.ts';
import { DEFAULT_MAX_ORDER, identifyModes } from './identify-modes.ts';
import { MAX_FILLED_GAP } from './output-correlations.ts';
import { stabilisationSvg } from './stabilisation-svg.ts';
import { runCommand } from '../run-command.ts';

const USAGE =
  'Usage: npm run -s modal -- --input FILE.csv --rate HZ [--channels A,B,...] [--fmin F] [--fmax F] [--max-order N] [--diagram FILE.svg]';

function positive(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new InputError(`${name} must be a non-negative number, got '${value}'`);
  }
  return parsed;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        input: { type: 'string' },
        rate: { type: 'string' },
        channels: { type: 'string' },
        fmin: { type: 'string' },
        fmax: { type: 'string' },
        'max-order': { type: 'string' },
        diagram: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.input) throw new InputError(`--input is required\n${USAGE}`);
  const rateHz = positive(values.rate, '--rate');
  if (rateHz === undefined) throw new InputError(`--rate is required\n${USAGE}`);
  if (rateHz === 0) throw new InputError('--rate must be above 0');
  const fminHz = positive(values.fmin, '--fmin') ?? 0;
  const fmaxHz = positive(values.fmax, '--fmax') ?? rateHz / 2;
  if (fmaxHz > rateHz / 2)
    throw new InputError(`--fmax must not exceed half the rate (${rateHz / 2} Hz)`);
  if (fminHz >= fmaxHz) throw new InputError('--fmin must be below --fmax');
  const orderText = values['max-order'];
  if (orderText !== undefined && !/^\d+$/.test(orderText)) {
    throw new InputError(`--max-order must be a whole number, got '${orderText}'`);
  }
  const maxOrder = orderText === undefined ? DEFAULT_MAX_ORDER : Number(orderText);
  if (maxOrder < 2 || maxOrder > 200) throw new InputError('--max-order must be between 2 and 200');
  const selected = values.channels
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  let text: string;
  try {
    text = await readFile(values.input, 'utf8');
  } catch {
    throw new InputError(`Cannot read the input file '${values.input}'`);
  }
  const table = parseChannelColumns(text, selected);
  const rows = table.values[0]?.length ?? 0;
  process.stderr.write(
    `Read ${rows} rows (${(rows / rateHz).toFixed(1)} s), ${table.names.length} channels: ${table.names.join(', ')}\n`,
  );
  const started = performance.now();
  const result = identifyModes(table.values, { rateHz, fminHz, fmaxHz, maxOrder });
  const { filledGaps, filledSamples, droppedRows } = result.record;
  if (filledGaps > 0) {
    process.stderr.write(
      `Filled ${plural(filledGaps, 'gap')} (${plural(filledSamples, 'sample')}, each gap at most ${MAX_FILLED_GAP} samples) by linear interpolation\n`,
    );
  }
  if (droppedRows > 0) {
    process.stderr.write(
      `Left ${plural(droppedRows, 'row')} out of the correlations (in gaps longer than ${MAX_FILLED_GAP} samples or at the record's ends)\n`,
    );
  }
  if (result.decimation > 1) {
    process.stderr.write(
      `Decimated by ${result.decimation} to ${result.analysedRateHz.toFixed(3)} Hz (low-pass first) for the lowest mode sought; modes reported in ${result.bandHz[0]}-${result.bandHz[1].toFixed(3)} Hz\n`,
    );
  }
  process.stderr.write(
    `SSI-COV: ${result.blockRows} block rows, orders 2-${maxOrder}, ${result.poles.length} poles, ${result.modes.length} modes in ${((performance.now() - started) / 1000).toFixed(2)} s\n`,
  );
  result.modes.forEach((mode, k) => {
    const check = result.support[k];
    if (!check) return;
    const fdd =
      mode.fdd_frequency_hz === null || mode.fdd_damping_ratio === null
        ? `EFDD none (${mode.fdd_note ?? 'no estimate'})`
        : `EFDD ${mode.fdd_frequency_hz.toFixed(3)} Hz (${(100 * (mode.fdd_difference ?? 0)).toFixed(2)} %), damping ${(100 * mode.fdd_damping_ratio).toFixed(2)} %`;
    process.stderr.write(
      `  ${mode.frequency_hz.toFixed(3)} ± ${mode.frequency_std_hz.toFixed(3)} Hz, damping ${(100 * mode.damping_ratio).toFixed(2)} ± ${(100 * mode.damping_std).toFixed(2)} %: Welch peak at ${check.peakHz.toFixed(3)} Hz (${((100 * (mode.frequency_hz - check.peakHz)) / mode.frequency_hz).toFixed(2)} %), ${check.prominence.toFixed(1)}× its surroundings; ${fdd}\n`,
    );
  });
  for (const left of result.rejected) {
    process.stderr.write(`  left out ${left.frequency_hz.toFixed(3)} Hz: ${left.reason}\n`);
  }
  if (values.diagram) {
    const svg = stabilisationSvg(
      result.poles,
      result.modes,
      fminHz,
      fmaxHz,
      `Stabilisation diagram: ${values.input}`,
    );
    try {
      await writeFile(values.diagram, svg);
    } catch {
      throw new InputError(`Cannot write the diagram file '${values.diagram}'`);
    }
  }
  process.stdout.write(`${JSON.stringify({ channels: table.names, modes: result.modes })}\n`);
}

runCommand('modal', main);
