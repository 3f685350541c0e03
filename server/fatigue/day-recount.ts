// Recounting days already counted when a sensor fault is stored later than they were counted
// (issue 30, decision 045, 2026-12-02 (d)): a drift found a day or more after its onset, or the
// first evaluation after a catch-up; and when a maintenance or calibration record entered later
// changes which of their samples count (2026-12-02 (e)). Runs in the bridge job on the analysis
// thread, before the new days are counted.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import {
  countDay,
  STRAIN_BIN_WIDTH,
  storeDay,
  strainStreamsOf,
  type CountingOptions,
} from './strain-counting.ts';
import { STORED_HIGHPASS_HZ, StretchCounter, type StretchState } from './stretch-counter.ts';
import { firstChangedDay } from './changed-records.ts';

/**
 * Days recounted at most per bridge job, over all its strain streams. A day at 100 Hz is 8.6
 * million samples, as much work as the day a job counts anyway per stream; seven bound a job's
 * extra work to a week of counting while a fault found a day or two late (the usual drift) or
 * a catch-up of a week is recounted in one run. Longer spans go on over the next runs.
 */
export const RECOUNT_DAYS_PER_RUN = 7;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayAfter = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

interface CounterRow {
  counted_through: string;
  faults_seen: number;
  recount_from: string | null;
  recount_through: string | null;
}

/**
 * Marks for recounting the counted days from the onset of each fault stored since the counter
 * last looked (a higher id: a new fault, or an earlier onset, which is stored as a new row), and
 * from the first counted day whose left-out spans the records now give differently, through the
 * last day counted (the rainflow state runs on from day to day, so the days after it follow).
 * Returns the days to recount, or null when none are.
 */
async function noteChanges(db: Db, datastreamId: number) {
  const [counter] = rowsOf<CounterRow>(
    await db.execute(sql`
      SELECT counted_through::text AS counted_through, faults_seen,
             recount_from::text AS recount_from, recount_through::text AS recount_through
      FROM fatigue_counters WHERE datastream_id = ${datastreamId}`),
  );
  if (!counter) return null; // nothing counted yet: the first count leaves the faults out
  const [fresh] = rowsOf<{ top: number | null; onset: number | null }>(
    await db.execute(sql`
      SELECT max(id) AS top, (extract(epoch FROM min(onset)) * 1000)::float8 AS onset
      FROM sensor_faults WHERE datastream_id = ${datastreamId} AND id > ${counter.faults_seen}`),
  );
  let from = counter.recount_from;
  let through = counter.recount_through;
  const mark = (day: string) => {
    if (day > counter.counted_through) return;
    from = from === null || day < from ? day : from;
    through =
      through === null || counter.counted_through > through ? counter.counted_through : through;
  };
  const freshTop = fresh?.top ?? null;
  if (freshTop !== null) mark(dayOf(Number(fresh?.onset)));
  const changed = await firstChangedDay(db, datastreamId, counter.counted_through);
  if (changed !== null) mark(changed);
  if (freshTop !== null || from !== counter.recount_from || through !== counter.recount_through) {
    await db.execute(sql`
      UPDATE fatigue_counters SET faults_seen = ${freshTop ?? counter.faults_seen},
        recount_from = ${from}::date, recount_through = ${through}::date
      WHERE datastream_id = ${datastreamId}`);
  }
  return from === null || through === null ? null : { from, through };
}

/**
 * Recounts up to `budget` of a stream's marked days, oldest first, each from the rainflow state
 * carried into it (the stored one for the first, then the recount's own), replacing its stored
 * histogram. Each day, the state carried into the next marked day and where the recount stands
 * are written in one transaction, so a crash resumes at the next day. Returns the days recounted.
 */
export async function recountStream(
  db: Db,
  datastreamId: number,
  budget: number,
  options: CountingOptions = {},
): Promise<number> {
  const marked = await noteChanges(db, datastreamId);
  if (marked === null || budget <= 0) return 0;
  const days = rowsOf<{ day: string; residue_in: StretchState | null }>(
    await db.execute(sql`
      SELECT day::text AS day, residue_in FROM fatigue_histograms
      WHERE datastream_id = ${datastreamId}
        AND day >= ${marked.from}::date AND day <= ${marked.through}::date
      ORDER BY day LIMIT ${budget + 1}`),
  );
  const first = days[0]?.residue_in ?? null;
  const counter = new StretchCounter(
    STRAIN_BIN_WIDTH,
    first,
    options.highpassHz === undefined ? STORED_HIGHPASS_HZ : options.highpassHz,
  );
  let carried = first;
  let recounted = 0;
  for (const [i, { day }] of days.slice(0, budget).entries()) {
    const { coverage, last } = await countDay(db, datastreamId, day, counter, carried);
    const histogram = counter.takeHistogram();
    const next = days[i + 1]?.day ?? null;
    const resumeAt = next ?? dayAfter(day);
    const done = resumeAt > marked.through;
    await db.transaction(async (tx) => {
      await storeDay(tx, datastreamId, day, { histogram, coverage, residueIn: carried }, true);
      if (next !== null) {
        await tx.execute(sql`
          UPDATE fatigue_histograms SET residue_in = ${JSON.stringify(last)}::jsonb
          WHERE datastream_id = ${datastreamId} AND day = ${next}::date`);
      }
      // The last day counted recounted: the days counted next carry on from the new state.
      await tx.execute(sql`
        UPDATE fatigue_counters SET residue = ${JSON.stringify(last)}::jsonb
        WHERE datastream_id = ${datastreamId} AND counted_through = ${day}::date`);
      await tx.execute(sql`
        UPDATE fatigue_counters SET recount_from = ${done ? null : resumeAt}::date,
          recount_through = ${done ? null : marked.through}::date
        WHERE datastream_id = ${datastreamId}`);
    });
    carried = last;
    recounted += 1;
  }
  if (days.length === 0) {
    await db.execute(sql`
      UPDATE fatigue_counters SET recount_from = NULL, recount_through = NULL
      WHERE datastream_id = ${datastreamId}`);
  }
  return recounted;
}

/**
 * Recounts the marked days of a bridge's strain streams, `budget` days at most over them all
 * (stream by stream; the rest on the next run). Returns the days recounted per stream.
 */
export async function recountBridgeStrain(
  db: Db,
  bridgeId: number,
  budget = RECOUNT_DAYS_PER_RUN,
  options: CountingOptions = {},
): Promise<{ datastreamId: number; daysRecounted: number }[]> {
  const done: { datastreamId: number; daysRecounted: number }[] = [];
  let left = budget;
  for (const datastreamId of await strainStreamsOf(db, bridgeId)) {
    const daysRecounted = await recountStream(db, datastreamId, left, options);
    left -= daysRecounted;
    if (daysRecounted > 0) done.push({ datastreamId, daysRecounted });
  }
  return done;
}
