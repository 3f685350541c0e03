/**
 * The real 100 Hz quasi-static records of the UniBw München test bridge (strain, support force,
 * tilt; /work/shared/data/README.md), read from ../shared/data/munich-bridge beside the
 * repository. Zipped CSV as the loggers wrote them; `unzip -p` prints one.
 */

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../server/project-paths.ts';

export const MUNICH_DIR = path.join(projectRoot, '..', 'shared', 'data', 'munich-bridge');
export const MUNICH_RATE_HZ = 100;

export interface MunichChannel {
  file: string;
  /** Column index in the CSV (0 is the time). */
  column: number;
  label: string;
  unit: string;
  kind: 'strain' | 'force' | 'tilt';
}

/** Each strain, force and tilt channel once per file (the filtered tilt copy left out). */
export const MUNICH_CHANNELS: readonly MunichChannel[] = [
  {
    file: 'ReferenceStateDMS_CNAt100Hz',
    column: 1,
    label: 'DMS_CN reference',
    unit: 'µε',
    kind: 'strain',
  },
  {
    file: 'ReferenceStateForceAt100Hz',
    column: 1,
    label: 'FRC-01 reference',
    unit: 'kN',
    kind: 'force',
  },
  {
    file: 'ReferenceStateForceAt100Hz',
    column: 2,
    label: 'FRC-02 reference',
    unit: 'kN',
    kind: 'force',
  },
  {
    file: 'ReferenceStateINCAt100Hz',
    column: 1,
    label: 'INC-01 reference',
    unit: 'deg',
    kind: 'tilt',
  },
  {
    file: 'UniBw_2022-04-11_ref_support_load_01AllM100Hz',
    column: 2,
    label: 'DMS_AS load test',
    unit: 'µε',
    kind: 'strain',
  },
  {
    file: 'UniBw_2022-04-11_ref_support_load_01AllM100Hz',
    column: 3,
    label: 'FRC-01 load test',
    unit: 'kN',
    kind: 'force',
  },
  {
    file: 'UniBw_2022-04-11_ref_support_load_01AllM100Hz',
    column: 4,
    label: 'INC01 load test',
    unit: 'deg',
    kind: 'tilt',
  },
  {
    file: 'UniBw_2022-04-11_support_load_01DMS_CNAt100Hz',
    column: 1,
    label: 'DMS_CN support load',
    unit: 'µε',
    kind: 'strain',
  },
  {
    file: 'UniBw_2022-04-11_support_load_01ForceAt100Hz',
    column: 1,
    label: 'FRC-01 support load',
    unit: 'kN',
    kind: 'force',
  },
  {
    file: 'UniBw_2022-04-11_support_01_lowering_01DMS_CNAt100Hz',
    column: 1,
    label: 'DMS_CN support 1 lowered',
    unit: 'µε',
    kind: 'strain',
  },
  {
    file: 'UniBw_2022-04-11_support_02_loweringDMS_CNAt100Hz',
    column: 1,
    label: 'DMS_CN support 2 lowered',
    unit: 'µε',
    kind: 'strain',
  },
  {
    file: 'UniBw_2022-04-11_support_03_loweringDMS_CNAt100Hz',
    column: 1,
    label: 'DMS_CN support 3 lowered',
    unit: 'µε',
    kind: 'strain',
  },
];

export function munichAvailable(): boolean {
  return existsSync(MUNICH_DIR);
}

/** One channel's samples; an empty or unparseable cell is a gap (NaN), never a zero. */
export function readMunichChannel(channel: MunichChannel): number[] {
  const zip = path.join(MUNICH_DIR, `${channel.file}.csv.zip`);
  const text = execFileSync('unzip', ['-p', zip], { maxBuffer: 1 << 30 }).toString('latin1');
  const values: number[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const cell = line.split(',')[channel.column]?.trim() ?? '';
    values.push(cell === '' ? NaN : Number(cell));
  }
  return values;
}
