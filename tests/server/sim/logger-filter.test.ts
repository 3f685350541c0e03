import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyModes } from '../../../server/analytics/modal/identify-modes';
import { DEMO_FLEET, demoTimeline } from '../../../server/demo/demo-fleet';
import { demoScenario } from '../../../server/demo/demo-scenarios';
import { trafficAndWindForces } from '../../../server/sim/beam-loads';
import { beamModel } from '../../../server/sim/beam-model';
import { loggerGain } from '../../../server/sim/logger-filter';
import { modeFrequency } from '../../../server/sim/modal-model';
import {
  type ModalStructure,
  shearFrame,
  simulateAccelerations,
} from '../../../server/sim/modal-response';
import { cableFrequencies } from '../../../server/sim/stream-modes';
import {
  BEAM_SENSORS_M,
  BEAM_SPAN_M,
  beamTrafficRecord,
  localisationBeam,
} from '../../helpers/beam-windows';

const fingerprint = (channels: readonly Float64Array[]) => {
  const hash = createHash('sha256');
  for (const channel of channels) hash.update(new Uint8Array(channel.buffer));
  return hash.digest('hex').slice(0, 16);
};

/** The beam of issue 31 with its first `modes` modes (1.5, 6.0, 13.5, 24.0, 37.5 Hz). */
const beam = (modes: number) =>
  beamModel({
    spanM: BEAM_SPAN_M,
    elements: 20,
    f1Hz: 1.5,
    sensorsM: BEAM_SENSORS_M,
    dampingRatios: [0.01, 0.01, 0.012, 0.015, 0.02],
    modes,
  });

const FRAME = shearFrame([4000, 3500, 3000, 2500, 2000], [0.01, 0.015, 0.02, 0.02, 0.025]);

/** Records whose modes all lie below 0.4 of the rate, as the unfiltered simulator gave them. */
const IN_BAND: { name: string; record: () => Float64Array[]; before: string }[] = [
  {
    name: 'a five-storey shear frame at 100 Hz, white forces',
    record: () =>
      simulateAccelerations(FRAME, { rateHz: 100, samples: 3000, noise: 0.02, seed: 1 }),
    before: 'd46e173722158144',
  },
  {
    name: "the beam's first three modes at 50 Hz under traffic and wind",
    record: () => beamTrafficRecord(beam(3), 17, { rateHz: 50, seconds: 60 }),
    before: 'e3e50eeee5ec06e1',
  },
  {
    name: "the beam's first two modes at 20 Hz under traffic and wind",
    record: () => beamTrafficRecord(beam(2), 23, { rateHz: 20, seconds: 60 }),
    before: '3b241b483814cfb9',
  },
];

describe('the logger anti-alias filter (decision 076 (f))', () => {
  it('passes 0.4 of the rate flat and is at least 80 dB down from half the rate', () => {
    for (const rate of [20, 50, 100]) {
      for (let f = 0; f <= 0.4 * rate; f += rate / 400) expect(loggerGain(f, rate)).toBe(1);
      let previous = 1;
      for (let f = 0.4 * rate; f < 0.5 * rate; f += rate / 1000) {
        const gain = loggerGain(f, rate);
        expect(gain).toBeLessThanOrEqual(previous);
        previous = gain;
      }
      for (const f of [0.5, 0.55, 0.675, 1.2, 3.1].map((share) => share * rate)) {
        expect(20 * Math.log10(loggerGain(f, rate) || 1e-300)).toBeLessThanOrEqual(-80);
      }
    }
    expect(loggerGain(9, 20)).toBeGreaterThan(0.4);
    expect(loggerGain(9, 20)).toBeLessThan(0.6);
  });

  for (const { name, record, before } of IN_BAND) {
    it(`leaves ${name} bit for bit as it was`, () => {
      expect(fingerprint(record())).toBe(before);
    });
  }

  it('removes a mode above half the rate: the record is the one without that mode', () => {
    const rateHz = 20;
    const samples = 1200;
    const withAll = beam(3);
    const inBand: ModalStructure = {
      frequenciesHz: withAll.frequenciesHz.slice(0, 2),
      dampingRatios: withAll.dampingRatios.slice(0, 2),
      shapes: withAll.shapes.slice(0, 2),
    };
    const forces = trafficAndWindForces(withAll, {
      spanM: BEAM_SPAN_M,
      rateHz,
      samples,
      seed: 5,
      vehiclesPerMinute: 6,
      windShare: 0.05,
    });
    const options = { rateHz, samples, noise: 0, seed: 9 };
    const all = simulateAccelerations(withAll, { ...options, modalForces: forces });
    const two = simulateAccelerations(inBand, { ...options, modalForces: forces.slice(0, 2) });
    const largestDifference = Math.max(
      ...all.map((channel, c) =>
        channel.reduce((d, v, t) => Math.max(d, Math.abs(v - (two[c]?.[t] ?? 0))), 0),
      ),
    );
    expect(withAll.frequenciesHz[2]).toBeGreaterThan(0.5 * rateHz);
    expect(largestDifference).toBe(0);
  });

  it('leaves no 6.5 Hz alias of the 13.5 Hz mode in a 20 Hz record, and the first mode as it was', () => {
    // Decision 076 (e) tuning seed 32's reference window, which held a mode near 6.5 Hz.
    const record = beamTrafficRecord(localisationBeam(-1, 1), 3_200_000, {
      rateHz: 20,
      seconds: 300,
    });
    const found = identifyModes(record, { rateHz: 20, fmaxHz: 8 }).modes.map((m) => m.frequency_hz);
    expect(found.filter((f) => Math.abs(f / 6.5 - 1) < 0.05)).toEqual([]);
    expect(found.filter((f) => Math.abs(f / 4.0 - 1) < 0.05)).toEqual([]);
    expect(found.filter((f) => Math.abs(f / 2.49 - 1) < 0.05)).toEqual([]);
    // The first mode as before (1.508 Hz); the 6.0 Hz mode, found before, falls short of the
    // stability rule in this one window (7 stable orders of the 9 required; decision 076 (g)).
    expect(found.some((f) => Math.abs(f / 1.5 - 1) < 0.006)).toBe(true);
  });

  it("keeps every demo accelerometer's modes in the flat band, frozen deck included", () => {
    const timeline = demoTimeline(Date.parse('2026-12-01T00:00:00Z'), 30);
    for (const bridge of DEMO_FLEET) {
      const scenario = demoScenario(bridge, timeline);
      for (const stream of scenario.streams.filter((s) => s.dataType === 'acceleration')) {
        const highest = stream.cable
          ? Math.max(...cableFrequencies(stream.cable))
          : Math.max(
              ...(scenario.spans.find((s) => s.id === stream.span)?.modes ?? []).map((mode) =>
                modeFrequency(mode, -30, 0, 1),
              ),
            );
        expect(highest, stream.id).toBeLessThan(0.4 * stream.rateHz);
        expect(loggerGain(highest, stream.rateHz)).toBe(1);
      }
    }
  });
});
