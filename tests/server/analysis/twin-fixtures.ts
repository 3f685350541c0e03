import type { BridgeScenario, FaultSpec } from '../../../server/sim/scenario.ts';
import type { TestContext } from '../../helpers/test-app.ts';
import { simulatedBridge, testScenario } from './analysis-fixtures.ts';

/**
 * The test bridge with a second strain gauge beside the first (the same trucks load both; 1 Hz
 * so the trucks show), both placed at midspan of span 1 in the register.
 */
export function twinScenario(
  prefix: string,
  faults: FaultSpec[],
  strainRateHz = 1,
): BridgeScenario {
  const base = testScenario(prefix);
  const gauge = base.streams.find((s) => s.id === `${prefix}-s1-str`);
  if (!gauge) throw new Error('the strain gauge is missing');
  const first = { ...gauge, rateHz: strainRateHz, strainLoad: 'trucks' as const };
  const twin = { ...first, id: `${prefix}-s1-strb`, twinOf: first.id };
  return {
    ...base,
    streams: [...base.streams.filter((s) => s.id !== gauge.id), first, twin],
    faults,
  };
}

/** The twin bridge simulated over `days`, its two gauges 0.3 m apart (co-located twins). */
export async function twinBridge(
  t: TestContext,
  options: { name: string; prefix: string; faults: FaultSpec[]; days: number },
) {
  const { name, prefix, faults, days } = options;
  const { bridge, sensors, to } = await simulatedBridge(t.services, {
    name,
    scenario: twinScenario(prefix, faults),
    days,
  });
  for (const [stream, chainageM] of [
    [`${prefix}-s1-str`, 17.5],
    [`${prefix}-s1-strb`, 17.8],
  ] as const) {
    await t.services.sensors.setGeometry(sensors.get(stream) ?? 0, {
      chainageM,
      transverseOffsetM: null,
      direction: 'longitudinal',
    });
  }
  return { bridge, to };
}

/**
 * The test bridge with three strain gauges at midspan of span 1 (17.5, 17.8 and 17.6 m: each a
 * twin of the other two, a group), the same trucks loading all three (decision 048, 2026-12-02).
 * The group rule reads 10-minute means only, so its gauges need not sample at 1 Hz.
 */
export async function groupBridge(
  t: TestContext,
  options: {
    name: string;
    prefix: string;
    faults: FaultSpec[];
    days: number;
    strainRateHz?: number;
    /** False: no accelerometers (most of the stored samples), for tests of quasi-static checks. */
    accelerometers?: boolean;
  },
) {
  const { name, prefix, faults, days } = options;
  const pair = twinScenario(prefix, faults, options.strainRateHz);
  const first = pair.streams.find((s) => s.id === `${prefix}-s1-str`);
  if (!first) throw new Error('the strain gauge is missing');
  const kept = pair.streams.filter(
    (s) => options.accelerometers !== false || s.dataType !== 'acceleration',
  );
  const scenario = {
    ...pair,
    streams: [...kept, { ...first, id: `${prefix}-s1-strc`, twinOf: first.id }],
  };
  const { bridge, sensors, to } = await simulatedBridge(t.services, { name, scenario, days });
  for (const [stream, chainageM] of [
    [`${prefix}-s1-str`, 17.5],
    [`${prefix}-s1-strb`, 17.8],
    [`${prefix}-s1-strc`, 17.6],
  ] as const) {
    await t.services.sensors.setGeometry(sensors.get(stream) ?? 0, {
      chainageM,
      transverseOffsetM: null,
      direction: 'longitudinal',
    });
  }
  return { bridge, to };
}
