// What the demo's Critical bridge (Confederation Bridge, a breathing crack: its main span's first
// vertical mode −8 % for 12 hours of every day) shows after about six months of the crack (issue
// 29's "Done when"). The demo as `npm start` makes it, seeded one year before today's date (so the
// six months that follow are in the past, as the ingest requires, and the weather is the demo's
// late-autumn start), its 30 days of history written by the demo's own history encoder, then the
// same scenario carried on for `DEMO_MONTHS` months, as the live feed would send it. The stored
// analysis runs as the server's job does (evaluateBridge, then the alerts told) every
// `EVALUATE_EVERY_DAYS` days of data; the server evaluates every 10 minutes of new data, and each
// evaluation reads the last 7 days, so evaluating less often skips no window (the latches are
// fed every window) but updates the alerts less often. Only the Confederation Bridge gets data.
//   npx tsx tests/bench/demo-six-months.ts          (embedded PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/bench/demo-six-months.ts
//   (a database of its own on that server, dropped at the end)
// DEMO_BURST_SECONDS (default the demo's 60) shortens each 20 Hz burst, the one lightening the demo
// itself allows (a light bridge's bursts are 30 s); the schedule (one burst every 10 minutes),
// the scenario, its crack and its weather are the demo's.
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Schemas } from '../../server/contract-types.ts';
import { loadConfig } from '../../server/config/config.ts';
import { conditionOf } from '../../domain/health.ts';
import { analyseBridge } from '../../server/analysis/analyse-bridge.ts';
import {
  alerts,
  analysisResults,
  baselineVersions,
  bridges,
  datastreams,
  frequencyShiftLevels,
  frequencyShifts,
} from '../../server/db/schema.ts';
import { DEMO_RATES, type DemoRates } from '../../server/demo/demo-fleet.ts';
import { findDemoBridges } from '../../server/demo/demo-streams.ts';
import { createHistoryEncoder, historyChunks } from '../../server/demo/history-chunks.ts';
import { createBulkBlockWriter } from '../../server/readings/bulk-block-writer.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createServices } from '../../server/services.ts';
import { freshBenchDatabase } from './e2e-database.ts';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 30;
const MONTH_DAYS = 30.44;
const BRIDGE = 'Confederation Bridge';
/** The crack's mode: the first vertical mode of the main span (span 2). */
const CRACKED_MODE = 'confederation-s2-acc.f1';
const MONTHS = Number(process.env.DEMO_MONTHS ?? 6);
const EVALUATE_EVERY_DAYS = Number(process.env.EVALUATE_EVERY_DAYS ?? 1);
const BURST_SECONDS = Number(process.env.DEMO_BURST_SECONDS ?? DEMO_RATES.bursts.burstSeconds);
/** The crack opened 6.9 days before the seed (demo-scenarios.ts): six months of it end here. */
const AFTER_SEED_DAYS = Math.round(MONTHS * MONTH_DAYS - 6.9);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pct = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${x.toFixed(2)} %`);

async function main() {
  const started = Date.now();
  const rates: DemoRates = {
    ...DEMO_RATES,
    bursts: { ...DEMO_RATES.bursts, burstSeconds: BURST_SECONDS },
  };
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123456789',
    DATA_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-01',
    PASSWORD_HASH_COST: '10',
  });
  const bench = await freshBenchDatabase();
  try {
    const services = createServices(config, bench.database, { log: () => undefined });
    const { db } = bench.database;
    await seedDemo(db, services.secretBox, services.passwords);
    // The demo anchors its scenario at the streams' creation: one year before today.
    const seededAt = Date.now() - 365 * DAY_MS;
    await db.update(datastreams).set({ createdAt: new Date(seededAt) });
    const found = (await findDemoBridges(db, HISTORY_DAYS, rates)).filter(
      (d) => d.bridge.name === BRIDGE,
    );
    const data = found[0];
    if (!data) throw new Error(`${BRIDGE} not seeded`);
    const [row] = await db.select().from(bridges).where(eq(bridges.name, BRIDGE));
    if (!row) throw new Error(`${BRIDGE} has no row`);
    const bridgeId = row.id;
    const crackFrom = data.timeline.end - 6.9 * DAY_MS;
    const end = data.timeline.end + AFTER_SEED_DAYS * DAY_MS;
    console.log(
      `${BRIDGE}: seeded ${day(data.timeline.end)}, history from ${day(data.timeline.start)}, ` +
        `crack from ${day(crackFrom)}, followed to ${day(end)} (${MONTHS} months of crack); ` +
        `bursts ${BURST_SECONDS} s every ${rates.bursts.everySeconds} s, evaluated every ` +
        `${EVALUATE_EVERY_DAYS} day(s); ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );

    const encode = createHistoryEncoder([data]);
    const writer = createBulkBlockWriter(bench.database);
    const chunks = historyChunks(data.timeline.start, end);
    let next = 0;
    const writeUntil = async (until: number) => {
      for (; next < chunks.length && (chunks[next]?.[1] ?? Infinity) <= until; next += 1) {
        const [from, to] = chunks[next] ?? [0, 0];
        await writer.writeEncoded(encode(from, to));
      }
      await writer.finish();
    };

    const rowsAt: string[] = [];
    const evaluateAt = async (until: number) => {
      await writeUntil(until);
      const t0 = Date.now();
      const kind = await analyseBridge(services, bridgeId, {});
      return { kind, seconds: (Date.now() - t0) / 1000 };
    };

    const summary = async (label: string, until: number) => {
      const [result] = await db
        .select({ n: analysisResults.numAnomalies, report: analysisResults.report })
        .from(analysisResults)
        .where(eq(analysisResults.bridgeId, bridgeId));
      const open = await db
        .select({ type: alerts.type, severity: alerts.severity })
        .from(alerts)
        .where(
          and(
            eq(alerts.bridgeId, bridgeId),
            isNull(alerts.clearedAt),
            inArray(alerts.state, ['active', 'acknowledged']),
          ),
        );
      const levels = await db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridgeId));
      const versions = await db
        .select({
          version: baselineVersions.version,
          status: baselineVersions.status,
          reason: baselineVersions.reason,
        })
        .from(baselineVersions)
        .where(eq(baselineVersions.bridgeId, bridgeId))
        .orderBy(desc(baselineVersions.version));
      const report = (result?.report ?? {}) as Partial<Schemas['AnomalyReport']>;
      const chart = report.control_chart;
      const [judged] = await db
        .select({
          all: sql<number>`count(*)::int`,
          judged: sql<number>`count(*) filter (where ${frequencyShifts.judged})::int`,
        })
        .from(frequencyShifts)
        .where(
          and(
            eq(frequencyShifts.bridgeId, bridgeId),
            eq(frequencyShifts.feature, CRACKED_MODE),
            gte(frequencyShifts.windowStart, new Date(until - 7 * DAY_MS)),
          ),
        );
      const s2 = levels
        .filter((l) => l.feature.includes('s2') || l.feature === 'mean')
        .map((l) => `${l.feature} ${pct(l.estimatePercent)} ${l.level}`);
      const others = levels.filter(
        (l) => l.level !== 'none' && !s2.some((x) => x.startsWith(l.feature)),
      );
      const line = [
        label.padEnd(10),
        day(until),
        (conditionOf(result?.n) ?? 'none').padEnd(8),
        `episodes ${result?.n ?? '—'} (charts ${chart?.episodes.length ?? '—'})`,
        `week judged: model ${(report.windows?.length ?? 0) - (report.outside_learned_conditions ?? 0)}/${report.windows?.length ?? 0} windows, ` +
          `charts ${chart?.judged_hours ?? '—'}/${chart ? chart.judged_hours + chart.unjudged_hours : '—'} h, ` +
          `shift ${judged?.judged ?? 0}/${judged?.all ?? 0} windows`,
        `open: ${open.map((a) => `${a.type} (${a.severity})`).join(', ') || 'none'}`,
        `levels: ${s2.join('; ') || 'none'}${others.length ? ` + ${others.map((l) => `${l.feature} ${l.level}`).join(', ')}` : ''}`,
        `versions: ${versions.map((v) => `${v.version} ${v.status}`).join(', ')}`,
      ].join(' | ');
      rowsAt.push(line);
      console.log(line);
      return versions;
    };

    // The first evaluation, as the demo's first start runs it.
    const first = await evaluateAt(data.timeline.end);
    console.log(`first evaluation: ${first.kind} in ${first.seconds.toFixed(1)} s`);
    await summary('seed', data.timeline.end);
    let month = 1;
    let evaluations = 1;
    let analysisSeconds = first.seconds;
    for (let t = data.timeline.end + EVALUATE_EVERY_DAYS * DAY_MS; t <= end + 1;) {
      const { kind, seconds } = await evaluateAt(t);
      evaluations += 1;
      analysisSeconds += seconds;
      if (kind !== 'evaluated') console.log(`${day(t)}: ${kind}`);
      const crackDays = (t - crackFrom) / DAY_MS;
      if (crackDays >= month * MONTH_DAYS || t >= end) {
        await summary(`month ${Math.min(month, MONTHS)}`, t);
        month += 1;
      }
      if (t >= end) break;
      t = Math.min(end, t + EVALUATE_EVERY_DAYS * DAY_MS);
    }
    const versions = await summary('end', end);
    console.log('\nReference versions:');
    for (const v of [...versions].reverse()) console.log(`  ${v.version} ${v.status}: ${v.reason}`);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(eq(alerts.bridgeId, bridgeId));
    console.log(
      `\n${evaluations} evaluations (${analysisSeconds.toFixed(0)} s of analysis), ${n} alerts raised in all; ` +
        `run ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await bench.drop();
  }
}

await main();
