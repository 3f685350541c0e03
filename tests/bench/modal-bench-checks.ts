// Cases of `npm run bench:modal` beyond the speed run (issue 31, decision 046): the EFDD
// cross-check on simulated frames, a 0.05 Hz fundamental from one hour, and the Munich record.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseChannelColumns } from '../../server/analytics/modal/channel-csv.ts';
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import {
  shearFrame,
  simulateAccelerations,
  type ModalStructure,
} from '../../server/sim/modal-response.ts';
import { MUNICH_DIR, munichAvailable } from './munich-records.ts';

const pct = (x: number): string => `${(100 * x).toFixed(2)} %`;

/** SSI against EFDD on the 5-storey frame, and whether the 1 % rule loses a true mode. */
export function fddOnFrames(seeds: number): void {
  const frame = shearFrame([5000, 4500, 4000, 3500, 3000], [0.01, 0.012, 0.015, 0.018, 0.02]);
  let worstDisagreement = 0;
  let worstFddError = 0;
  let worstFddDamping = 0;
  let lost = 0;
  for (let seed = 1; seed <= seeds; seed += 1) {
    const record = simulateAccelerations(frame, {
      rateHz: 100,
      samples: 60_000,
      noise: 0.02,
      seed: 300 + seed,
    });
    const result = identifyModes(record, { rateHz: 100 });
    frame.frequenciesHz.forEach((f, m) => {
      const mode = result.modes.find((found) => Math.abs(found.frequency_hz / f - 1) < 0.01);
      if (!mode) {
        lost += 1;
        return;
      }
      worstDisagreement = Math.max(worstDisagreement, Math.abs(mode.fdd_difference ?? Number.NaN));
      worstFddError = Math.max(
        worstFddError,
        Math.abs((mode.fdd_frequency_hz ?? Number.NaN) / f - 1),
      );
      worstFddDamping = Math.max(
        worstFddDamping,
        Math.abs((mode.fdd_damping_ratio ?? Number.NaN) - (frame.dampingRatios[m] ?? 0)),
      );
    });
  }
  console.log(
    `EFDD cross-check, 5-storey frame, 10 min at 100 Hz, ${seeds} seeds: worst |SSI − EFDD| ${pct(worstDisagreement)}, worst EFDD frequency error ${pct(worstFddError)}, damping ${(100 * worstFddDamping).toFixed(2)} pp; true modes not reported ${lost} of ${5 * seeds}`,
  );
}

const LONG_SPAN: ModalStructure = {
  frequenciesHz: [0.05, 0.13, 0.22, 0.37],
  dampingRatios: [0.01, 0.01, 0.012, 0.015],
  shapes: [
    [0.5, 0.9, 1, 0.6],
    [1, 0.4, -0.5, -0.9],
    [0.8, -0.7, -0.3, 1],
    [0.4, -1, 0.9, -0.5],
  ],
};

/** A 0.05 Hz fundamental from one hour at 100 Hz, four channels, --fmin 0.04 --fmax 1. */
export function longSpan(seeds: number): void {
  let found = 0;
  const errors: number[] = [];
  const dampings: number[] = [];
  let seconds = 0;
  let setup = '';
  for (let seed = 1; seed <= seeds; seed += 1) {
    const record = simulateAccelerations(LONG_SPAN, {
      rateHz: 100,
      samples: 360_000,
      noise: 0.02,
      seed: 500 + seed,
    });
    const started = process.cpuUsage();
    const result = identifyModes(record, { rateHz: 100, fminHz: 0.04, fmaxHz: 1 });
    const used = process.cpuUsage(started);
    seconds += (used.user + used.system) / 1e6;
    setup = `decimated by ${result.decimation} to ${result.analysedRateHz} Hz, ${result.blockRows} block rows`;
    const mode = result.modes.find((m) => Math.abs(m.frequency_hz / 0.05 - 1) < 0.02);
    if (mode) {
      found += 1;
      errors.push(Math.abs(mode.frequency_hz / 0.05 - 1));
      dampings.push(mode.damping_ratio);
    }
  }
  console.log(
    `0.05 Hz fundamental, 1 h at 100 Hz, 4 channels, ${seeds} seeds (${setup}; ${(seconds / seeds).toFixed(2)} s CPU each): found in ${found}; worst frequency error ${pct(Math.max(...errors))}; damping ${dampings.map((d) => (100 * d).toFixed(2)).join(', ')} % (model 1.00 %)`,
  );
}

/** The Munich accelerometer record through SSI and the EFDD cross-check. */
export function munich(): void {
  if (!munichAvailable()) {
    console.log('Munich record: ../shared/data/munich-bridge not found, skipped');
    return;
  }
  const zip = path.join(MUNICH_DIR, 'UniBw_2022-04-11_ref_support_load_01AllM100Hz.csv.zip');
  const text = execFileSync('unzip', ['-p', zip], { maxBuffer: 1 << 30 }).toString('latin1');
  const table = parseChannelColumns(text, ['ACC01_z']);
  const result = identifyModes(table.values, { rateHz: 100 });
  console.log(
    'Munich ACC01_z (12 min at 100 Hz) | SSI Hz ± | damping % ± | EFDD Hz | EFDD damping % | SSI − EFDD | within 0.5 %',
  );
  for (const mode of result.modes) {
    console.log(
      `  | ${mode.frequency_hz.toFixed(3)} ± ${mode.frequency_std_hz.toFixed(3)} | ${(100 * mode.damping_ratio).toFixed(2)} ± ${(100 * mode.damping_std).toFixed(2)} | ${mode.fdd_frequency_hz?.toFixed(3) ?? '-'} | ${mode.fdd_damping_ratio === null ? '-' : (100 * mode.fdd_damping_ratio).toFixed(2)} | ${mode.fdd_difference === null ? '-' : pct(mode.fdd_difference)} | ${Math.abs(mode.fdd_difference ?? 1) <= 0.005 ? 'yes' : 'no'}`,
    );
  }
  for (const left of result.rejected.filter((r) => !r.reason.startsWith('stable at'))) {
    console.log(`  left out ${left.frequency_hz.toFixed(3)} Hz: ${left.reason}`);
  }
}
