import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

export interface AnalysisCoverage {
  /** Bridges with at least one data stream that has received data. */
  withData: number;
  /** Of those, the ones with a stored evaluation or a failed job (nothing more will come). */
  settled: number;
}

/** How far the analysis of every bridge with data has got. */
export async function analysisCoverage(db: Db): Promise<AnalysisCoverage> {
  const [row] = rowsOf<{ with_data: number; settled: number }>(
    await db.execute(sql`
      WITH fed AS (
        SELECT DISTINCT s.bridge_id
        FROM sensors s
        JOIN datastream_sensors ds ON ds.sensor_id = s.id
        JOIN datastreams d ON d.id = ds.datastream_id
        WHERE d.last_seen_at IS NOT NULL)
      SELECT count(*)::int AS with_data,
        count(*) FILTER (WHERE r.evaluated_at IS NOT NULL OR r.state = 'failed')::int AS settled
      FROM fed LEFT JOIN analysis_results r ON r.bridge_id = fed.bridge_id`),
  );
  return { withData: Number(row?.with_data ?? 0), settled: Number(row?.settled ?? 0) };
}

export interface FirstAnalysisWatch {
  stop(): void;
}

/**
 * Tells how long the first start took until every demo bridge with data had its first
 * evaluation, so whoever grows the demo sees what it costs. Polls the database (cheap: one
 * aggregate over a few dozen rows) rather than hooking into the jobs, which may run elsewhere.
 */
export function watchFirstAnalysis(
  db: Db,
  options: { startedAt: number; log: (message: string) => void; everyMs?: number },
): FirstAnalysisWatch {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const check = async () => {
    if (stopped) return;
    try {
      const { withData, settled } = await analysisCoverage(db);
      if (withData > 0 && settled >= withData) {
        const seconds = ((Date.now() - options.startedAt) / 1000).toFixed(1);
        options.log(
          `First start: all ${withData} demo bridges evaluated ${seconds} s after start.`,
        );
        return;
      }
    } catch {
      // A closing database during shutdown: nothing to report.
      return;
    }
    timer = setTimeout(() => void check(), options.everyMs ?? 2000);
    timer.unref();
  };
  void check();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
