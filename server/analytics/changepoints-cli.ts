// npm run -s changepoints -- --input FILE.csv[.zip] [--channels NAME,...]
// The steps of a raw logger record's quasi-static channels (strain, force, tilt) as change points;
// one JSON object on stdout; bad input → a clear message and exit code 2.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { quasiStaticSteps } from './change-points.ts';
import { InputError } from './csv-table.ts';
import { parseLoggerRecord } from './logger-record.ts';
import { runCommand } from './run-command.ts';
import { firstZipEntry } from './zip-entry.ts';

const USAGE = 'Usage: npm run -s changepoints -- --input FILE.csv[.zip] [--channels NAME,...]';

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { input: { type: 'string' }, channels: { type: 'string' } },
    }));
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.input) throw new InputError(`--input is required\n${USAGE}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(values.input);
  } catch {
    throw new InputError(`Cannot read the input file '${values.input}'`);
  }
  const text = (values.input.endsWith('.zip') ? firstZipEntry(bytes) : bytes).toString('latin1');
  const record = parseLoggerRecord(text);
  const wanted = values.channels?.split(',').map((c) => c.trim()) ?? record.columns;
  const unknown = wanted.filter((name) => !record.columns.includes(name));
  if (unknown.length > 0) {
    throw new InputError(
      `--channels: no column ${unknown.map((n) => `'${n}'`).join(', ')}; the record has ${record.columns.join(', ')}`,
    );
  }
  const channels = Object.fromEntries(
    wanted.map((name) => {
      const channel = record.channels[record.columns.indexOf(name)] ?? new Float64Array();
      return [name, quasiStaticSteps(record.seconds, channel)];
    }),
  );
  process.stdout.write(
    `${JSON.stringify({ seconds: record.seconds.at(-1) ?? 0, samples: record.seconds.length, channels })}\n`,
  );
}

runCommand('changepoints', main);
