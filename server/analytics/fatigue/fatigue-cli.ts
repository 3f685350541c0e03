// npm run -s fatigue -- --input FILE.csv --column NAME --rate HZ [--unit microstrain|MPa]
//   [--modulus-gpa 210] [--detail EC3-71] [--highpass-hz F] [--bridge-samples N]
// Rainflow cycles (ASTM E1049 §5.4.4, gap by gap) and Miner damage of one logger channel, as one
// JSON object on stdout; bad input → a message on stderr and exit code 2. On a shear detail
// (EC3-shear-100, EC3-shear-80) the equivalent range is Δτ_E,2, on the curve's slope 5.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InputError } from '../csv-table.ts';
import { countRainflowCycles } from './astm-cycles.ts';
import { readLoggerColumn, unitOf, type StrainUnit } from './logger-csv.ts';
import { cycleListDamage, equivalentRangeAt2M } from './miner.ts';
import { removeQuasiStatic } from './quasi-static.ts';
import { detailCurve, isShearCurve } from './detail-names.ts';
import { mpaPerMicrostrain, shearModulusGpa } from './stress.ts';
import { runCommand } from '../run-command.ts';

const USAGE =
  'Usage: npm run -s fatigue -- --input FILE.csv --column NAME --rate HZ [--unit microstrain|MPa] [--modulus-gpa 210] [--detail EC3-71] [--highpass-hz F] [--bridge-samples N]';

/** EN 1993-1-1 §3.2.6's modulus for structural steel, GPa. */
const DEFAULT_MODULUS_GPA = 210;
const DEFAULT_DETAIL = 'EC3-71';

function positive(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) {
    throw new InputError(`${name} must be a positive number, got '${value}'`);
  }
  return parsed;
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) {
    throw new InputError(`${name} must be a whole number, got '${value}'`);
  }
  return Number(value);
}

function unitOption(value: string | undefined): StrainUnit | undefined {
  if (value === undefined) return undefined;
  // The header's spellings too: 'um/m', 'µε', 'mpa', 'N/mm2'.
  const unit = unitOf(value);
  if (unit === null) throw new InputError(`--unit must be 'microstrain' or 'MPa', got '${value}'`);
  return unit;
}

function options() {
  try {
    return parseArgs({
      options: {
        input: { type: 'string' },
        column: { type: 'string' },
        rate: { type: 'string' },
        unit: { type: 'string' },
        'modulus-gpa': { type: 'string' },
        detail: { type: 'string' },
        'highpass-hz': { type: 'string' },
        'bridge-samples': { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const values = options();
  if (!values.input) throw new InputError(`--input is required\n${USAGE}`);
  if (!values.column) throw new InputError(`--column is required\n${USAGE}`);
  if (values.rate === undefined) throw new InputError(`--rate is required\n${USAGE}`);
  const rateHz = positive(values.rate, '--rate') as number;
  const givenUnit = unitOption(values.unit);
  const modulusGpa = positive(values['modulus-gpa'], '--modulus-gpa') ?? DEFAULT_MODULUS_GPA;
  const curve = detailCurve(values.detail ?? DEFAULT_DETAIL);
  const highpassHz = positive(values['highpass-hz'], '--highpass-hz');
  const bridgeSamples = wholeNumber(values['bridge-samples'], '--bridge-samples') ?? 0;
  if (highpassHz !== undefined && !(highpassHz < rateHz / 2)) {
    throw new InputError(
      `--highpass-hz must be below half the sampling rate (${rateHz / 2} Hz), got ${highpassHz}`,
    );
  }
  let text: string;
  try {
    text = await readFile(values.input, 'utf8');
  } catch {
    throw new InputError(`Cannot read the input file '${values.input}'`);
  }
  const column = readLoggerColumn(text, values.column);
  if (givenUnit === undefined && column.headerUnit === null && column.headerUnitText !== '') {
    throw new InputError(
      `Column '${column.header}' is in '${column.headerUnitText}', not microstrain or MPa; give --unit microstrain or --unit MPa to count it as such`,
    );
  }
  if (givenUnit !== undefined && column.headerUnit !== null && givenUnit !== column.headerUnit) {
    process.stderr.write(
      `fatigue: --unit ${givenUnit} overrides the header's unit (${column.headerUnitText})\n`,
    );
  }
  const unit = givenUnit ?? column.headerUnit ?? 'microstrain';
  const filtered =
    highpassHz === undefined ? null : removeQuasiStatic(column.samples, rateHz, highpassHz);
  const counted = countRainflowCycles(filtered?.dynamic ?? column.samples, { bridgeSamples });
  // On a shear detail the column is shear: stress in MPa, or engineering shear strain γ in
  // microstrain, which becomes τ = G·γ.
  const shear = isShearCurve(curve);
  const strainModulusGpa = shear ? shearModulusGpa(modulusGpa) : modulusGpa;
  const scale = unit === 'MPa' ? 1 : mpaPerMicrostrain(strainModulusGpa);
  const damage = cycleListDamage(counted.cycles, curve, scale);
  process.stderr.write(
    `Read ${column.samples.length} rows of '${column.header}' (${column.gaps} gaps, ${counted.segments} gap-free stretches); ${counted.cycles.length} cycles on ${curve.name}\n`,
  );
  const result = {
    cycles: counted.cycles,
    damage,
    equivalent_stress_range_2e6_mpa: equivalentRangeAt2M(damage, curve),
    samples_used: counted.samplesUsed,
    column: column.header,
    unit,
    rate_hz: rateHz,
    modulus_gpa: unit === 'MPa' ? null : modulusGpa,
    shear_modulus_gpa: unit === 'MPa' || !shear ? null : strainModulusGpa,
    detail: curve.name,
    stress: shear ? 'shear' : 'direct',
    gap_samples: column.gaps,
    segments: counted.segments,
    bridge_samples: bridgeSamples,
    highpass:
      filtered === null
        ? null
        : {
            method: 'moving median',
            corner_hz: highpassHz,
            window_samples: filtered.windowSamples,
          },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

runCommand('fatigue', main);
