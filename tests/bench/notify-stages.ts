// Where the time of bench:notify's messages goes on PostgreSQL, read from the product's own
// records after the run: the delivery log (planned, sent) and pg-boss's jobs (queued, started).
import type pg from 'pg';

const STAGES = `
  WITH timed AS (
    SELECT extract(epoch FROM d.created_at - a.raised_at) * 1000 AS planned,
           extract(epoch FROM j.created_on - d.created_at) * 1000 AS queued,
           extract(epoch FROM j.started_on - j.created_on) * 1000 AS waited,
           extract(epoch FROM d.sent_at - j.started_on) * 1000 AS sent
      FROM alert_deliveries d
      JOIN alerts a ON a.id = d.alert_id
      JOIN pgboss.job j ON j.name = 'alert-email' AND (j.data->>'deliveryId')::int = d.id
     WHERE d.alert_id = ANY($1::int[]) AND d.sent_at IS NOT NULL)
  SELECT stage, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, max(ms) AS max
    FROM timed, LATERAL (VALUES (1, 'raised → planned', planned), (2, 'planned → queued', queued),
                                (3, 'queued → taken by a worker', waited),
                                (4, 'taken → sent', sent)) AS s(n, stage, ms)
   GROUP BY n, stage ORDER BY n`;

/** A markdown table of each stage's p50/p99/max (ms) over the bench's alerts. */
export async function notifyStages(client: pg.Client, alertIds: number[]): Promise<string> {
  const { rows } = await client.query<{ stage: string; p50: number; p99: number; max: number }>(
    STAGES,
    [alertIds],
  );
  const ms = (value: number) => Number(value).toFixed(0);
  return [
    '| stage (PostgreSQL) | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map((row) => `| ${row.stage} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} |`),
  ].join('\n');
}
