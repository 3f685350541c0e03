/**
 * Every channel of the Munich records (/work/shared/data/README.md): each numeric column of each
 * zipped CSV, the 100 Hz records and the 1 Hz air temperatures, as the loggers wrote them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DataType } from '../../domain/enums.ts';
import { MUNICH_DIR } from './munich-records.ts';

export interface RecordChannel {
  label: string;
  /** The CSV it came from (a member of the zip). */
  record: string;
  kind: DataType;
  rateHz: number;
  values: Float64Array;
  /** The resolution declared for the channel's kind in the resolution mode. */
  step: number;
}

/**
 * Realistic resolutions per kind (issue 34's examples): 0.01 µε, 1 N, 0.00001°, 1 µg, and
 * 0.01 °C for air temperature.
 */
export const RESOLUTIONS: Record<string, number> = {
  strain: 0.01,
  load: 0.001,
  tilt: 0.00001,
  acceleration: 0.000001,
  temperature: 0.01,
};

function kindOf(header: string): DataType {
  if (/DMS/.test(header)) return 'strain';
  if (/FRC/.test(header)) return 'load';
  if (/INC/.test(header)) return 'tilt';
  if (/ACC/.test(header)) return 'acceleration';
  return 'temperature';
}

function channelsOfCsv(name: string, text: string): RecordChannel[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const headers = (lines[0] ?? '').split(',');
  const cells = lines.slice(1).map((line) => line.split(','));
  const channels: RecordChannel[] = [];
  headers.forEach((header, column) => {
    if (column === 0 || header.trim() === '') return;
    const values = Float64Array.from(cells, (row) => Number(row[column]));
    const kind = kindOf(header);
    channels.push({
      label: `${name} ${header}`.slice(0, 100),
      record: name,
      kind,
      rateHz: kind === 'temperature' ? 1 : 100,
      values: values.filter((v) => Number.isFinite(v)),
      step: RESOLUTIONS[kind] as number,
    });
  });
  return channels;
}

export function readRecordChannels(): RecordChannel[] {
  const channels: RecordChannel[] = [];
  for (const file of readdirSync(MUNICH_DIR)
    .filter((f) => f.endsWith('.zip'))
    .sort()) {
    const zip = path.join(MUNICH_DIR, file);
    const members = execFileSync('unzip', ['-Z1', zip]).toString('utf8').split('\n');
    for (const member of members.filter((m) => m.trim() !== '' && !m.endsWith('/'))) {
      // The 100 Hz archives name their one CSV `....csv.zip`; the temperature one holds ten.
      const text = execFileSync('unzip', ['-p', zip, member], { maxBuffer: 1 << 30 });
      const name = path.basename(member).replace(/\.csv(\.zip)?$/, '');
      channels.push(...channelsOfCsv(name, text.toString('latin1')));
    }
  }
  return channels;
}
