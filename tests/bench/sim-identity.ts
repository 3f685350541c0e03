/**
 * The simulator's samples, hashed bit for bit, and its speed (decision 083's follow-up): a
 * speed-up of the per-sample loop must leave every sample's Float64 bits as they were.
 *
 *   npx tsx tests/bench/sim-identity.ts hash [ROOT]          sha-256 of every sample, per part
 *   npx tsx tests/bench/sim-identity.ts time ROOT_A ROOT_B   µs a value, A and B alternating
 *
 * ROOT is a checkout (default this one), so a worktree of main and this branch are compared in
 * one process. The parts: the analysis tests' fixture (a fortnight, accelerometers as one-minute
 * bursts of a new continuous simulator each, strain and displacement steady; three seeds, one
 * damaged) and the demo's bridges with data (a day of every steady stream, faults and the trucks'
 * strain included, and of the duty-cycled bursts).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SimBlock } from '../../server/sim/stream-simulator.ts';
import type { BridgeScenario } from '../../server/sim/scenario.ts';
import { testScenario } from '../server/analysis/analysis-fixtures.ts';

import type * as BridgeSimModule from '../../server/sim/bridge-simulator.ts';
import type * as BurstSimModule from '../../server/sim/burst-simulator.ts';
import type * as DemoScenariosModule from '../../server/demo/demo-scenarios.ts';
import type * as DemoFleetModule from '../../server/demo/demo-fleet.ts';

type BridgeSim = typeof BridgeSimModule;
type BurstSim = typeof BurstSimModule;
type DemoScenarios = typeof DemoScenariosModule;
type DemoFleet = typeof DemoFleetModule;

interface Simulator {
  bridge: BridgeSim;
  burst: BurstSim;
  demo: DemoScenarios;
  fleet: DemoFleet;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const BURST_EVERY_MS = 600_000;
const FROM = Date.UTC(2025, 0, 6);

async function load(root: string): Promise<Simulator> {
  const at = (file: string) => pathToFileURL(path.resolve(root, file)).href;
  return {
    bridge: (await import(at('server/sim/bridge-simulator.ts'))) as BridgeSim,
    burst: (await import(at('server/sim/burst-simulator.ts'))) as BurstSim,
    demo: (await import(at('server/demo/demo-scenarios.ts'))) as DemoScenarios,
    fleet: (await import(at('server/demo/demo-fleet.ts'))) as DemoFleet,
  };
}

/**
 * The analysis fixture's bridge (`testScenario`), by seed: the scenario is data (the seed only a
 * field), so one object serves both checkouts' simulators.
 */
function fixtureScenario(seed: number, damaged: boolean): BridgeScenario {
  const damage = damaged
    ? [{ span: 's1', modes: [0, 1], dropPercent: 6, from: FROM + 10 * DAY_MS }]
    : [];
  return { ...testScenario('b', damage), seed };
}

/** Accelerometers as the fixture stores them: a new simulator (and warm-up) for each burst. */
function* fixtureBursts(sim: Simulator, scenario: BridgeScenario, days: number) {
  const bursty = scenario.streams.filter((s) => s.dataType === 'acceleration').map((s) => s.id);
  for (let burst = FROM; burst < FROM + days * DAY_MS; burst += BURST_EVERY_MS) {
    yield* sim.bridge.simulateBlocks(scenario, {
      from: burst,
      to: burst + MINUTE_MS,
      blockSeconds: 60,
      streams: bursty,
    });
  }
}

function* fixtureSteady(sim: Simulator, scenario: BridgeScenario, days: number) {
  const steady = scenario.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id);
  yield* sim.bridge.simulateBlocks(scenario, {
    from: FROM,
    to: FROM + days * DAY_MS,
    blockSeconds: 600,
    streams: steady,
  });
}

function* demoSteady(sim: Simulator, scenario: BridgeScenario, from: number) {
  const steady = scenario.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id);
  yield* sim.bridge.simulateBlocks(scenario, {
    from,
    to: from + DAY_MS,
    blockSeconds: 10,
    streams: steady,
  });
}

function parts(sim: Simulator): [string, () => Iterable<SimBlock>][] {
  const list: [string, () => Iterable<SimBlock>][] = [];
  for (const [seed, damaged] of [
    [11, false],
    [12, true],
    [907, false],
  ] as const) {
    const scenario = fixtureScenario(seed, damaged);
    list.push([`fixture ${seed} bursts`, () => fixtureBursts(sim, scenario, 14)]);
    list.push([`fixture ${seed} steady`, () => fixtureSteady(sim, scenario, 14)]);
  }
  const end = Date.UTC(2026, 10, 30, 22);
  const timeline = sim.fleet.demoTimeline(end, 30);
  for (const bridge of sim.fleet.DEMO_BRIDGES_WITH_DATA) {
    const scenario = sim.demo.demoScenario(bridge, timeline);
    const from = end - 2 * DAY_MS;
    list.push([`demo ${bridge.key} steady`, () => demoSteady(sim, scenario, from)]);
    list.push([
      `demo ${bridge.key} bursts`,
      () => sim.burst.simulateBursts(scenario, { from, to: from + DAY_MS }),
    ]);
  }
  return list;
}

function digest(blocks: Iterable<SimBlock>): { hash: string; values: number } {
  const hash = createHash('sha256');
  let values = 0;
  for (const block of blocks) {
    hash.update(`${block.stream} ${block.start} ${block.rate_hz} ${block.values.length}\n`);
    hash.update(new Uint8Array(Float64Array.from(block.values).buffer));
    values += block.values.length;
  }
  return { hash: hash.digest('hex'), values };
}

async function hashAll(root: string): Promise<void> {
  const sim = await load(root);
  const all = createHash('sha256');
  for (const [name, blocks] of parts(sim)) {
    const { hash, values } = digest(blocks());
    all.update(hash);
    console.log(`${hash.slice(0, 16)}  ${values.toString().padStart(9)} values  ${name}`);
  }
  console.log(`all ${all.digest('hex')}`);
}

/** µs of CPU a value of `blocks`. */
function cpuPerValue(blocks: Iterable<SimBlock>): number {
  const before = process.cpuUsage();
  let values = 0;
  for (const block of blocks) values += block.values.length;
  const used = process.cpuUsage(before);
  return (used.user + used.system) / values;
}

/**
 * CPU µs a value, A and B taking turns: the fixture's bursts (3 days of seed 11, a new
 * continuous simulator and its warm-up per burst) and the demo's duty-cycled bursts (6 hours of
 * Jacques Cartier).
 */
async function timeBoth(rootA: string, rootB: string, rounds: number): Promise<void> {
  const sims = [await load(rootA), await load(rootB)];
  const scenario = fixtureScenario(11, false);
  const end = Date.UTC(2026, 10, 30, 22);
  const cartier = sims[0]?.fleet.DEMO_BRIDGES_WITH_DATA.find((b) => b.key === 'jacques-cartier');
  const spent = sims.map(() => ({ fixture: [] as number[], demo: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    sims.forEach((sim, i) => {
      spent[i]?.fixture.push(cpuPerValue(fixtureBursts(sim, scenario, 3)));
      if (!cartier) return;
      const demo = sim.demo.demoScenario(cartier, sim.fleet.demoTimeline(end, 30));
      const from = end - DAY_MS;
      spent[i]?.demo.push(
        cpuPerValue(sim.burst.simulateBursts(demo, { from, to: from + DAY_MS / 4 })),
      );
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const show = (xs: number[]) => `median ${median(xs).toFixed(3)} (${xs.map((x) => x.toFixed(2))})`;
  [rootA, rootB].forEach((root, i) => {
    const { fixture = [], demo = [] } = spent[i] ?? {};
    console.log(`${root}: fixture bursts ${show(fixture)} µs/value; demo bursts ${show(demo)}`);
  });
}

const [mode, first, second] = process.argv.slice(2);
if (mode === 'hash') await hashAll(first ?? '.');
else if (mode === 'time' && first && second) await timeBoth(first, second, 9);
else console.error('usage: sim-identity.ts hash [ROOT] | time ROOT_A ROOT_B');
