import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alarmEpisodes, analysisModels, analysisResults, conditionHistory } from '../db/schema.ts';
import { conditionHistoryRow } from './condition-history-row.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { Evaluation } from './evaluation.ts';

export type AnalysisState = 'idle' | 'queued' | 'training' | 'scoring' | 'failed';
export type AnalysisModelRow = typeof analysisModels.$inferSelect;
export type AnalysisResultRow = typeof analysisResults.$inferSelect;
export type NewAnalysisModel = typeof analysisModels.$inferInsert;

export interface JobProgress {
  state: AnalysisState;
  progress: number;
  message: string;
  lastError?: string | null;
}

const RUNNING: AnalysisState[] = ['training', 'scoring'];
export const HANDED_BACK_MESSAGE = 'Handed back when its worker stopped; waiting for a worker';

/** The stored models and the latest evaluation (with the job state) of each bridge. */
export function createAnalysisRepository(db: Db) {
  async function upsertResult(
    bridgeId: number,
    values: Partial<AnalysisResultRow>,
    on: Pick<Db, 'insert'> = db,
  ) {
    const set = { ...values, updatedAt: new Date() };
    await on
      .insert(analysisResults)
      .values({ bridgeId, ...set })
      .onConflictDoUpdate({ target: analysisResults.bridgeId, set });
  }

  return {
    async findModel(bridgeId: number): Promise<AnalysisModelRow | undefined> {
      const [row] = await db
        .select()
        .from(analysisModels)
        .where(eq(analysisModels.bridgeId, bridgeId));
      return row;
    },

    async saveModel(values: NewAnalysisModel): Promise<void> {
      await db
        .insert(analysisModels)
        .values(values)
        .onConflictDoUpdate({ target: analysisModels.bridgeId, set: values });
    },

    async findResult(bridgeId: number): Promise<AnalysisResultRow | undefined> {
      const [row] = await db
        .select()
        .from(analysisResults)
        .where(eq(analysisResults.bridgeId, bridgeId));
      return row;
    },

    setProgress(bridgeId: number, progress: JobProgress): Promise<void> {
      return upsertResult(bridgeId, { lastError: null, ...progress });
    },

    /** Marks a bridge queued, unless a job is running on it (its state stays visible). */
    async markQueued(bridgeId: number): Promise<void> {
      await db
        .insert(analysisResults)
        .values({ bridgeId, state: 'queued', progress: 0, message: 'Waiting for a worker' })
        .onConflictDoNothing();
      await db
        .update(analysisResults)
        .set({
          state: 'queued',
          progress: 0,
          message: 'Waiting for a worker',
          updatedAt: new Date(),
        })
        .where(
          and(eq(analysisResults.bridgeId, bridgeId), notInArray(analysisResults.state, RUNNING)),
        );
    },

    /** A job given back unfinished by a stopping worker: queued again, not failed. */
    async markHandedBack(bridgeId: number): Promise<void> {
      await upsertResult(bridgeId, {
        state: 'queued',
        progress: 0,
        message: HANDED_BACK_MESSAGE,
        lastError: null,
      });
    },

    /** Bridges whose stored state says a job is waiting or was running. */
    async unfinishedBridges(): Promise<number[]> {
      const rows = await db
        .select({ bridgeId: analysisResults.bridgeId })
        .from(analysisResults)
        .where(inArray(analysisResults.state, ['queued', ...RUNNING]))
        .orderBy(analysisResults.bridgeId);
      return rows.map((r) => r.bridgeId);
    },

    /** Stores the latest evaluation and appends its condition to the bridge's history, together. */
    async saveEvaluation(bridgeId: number, evaluation: Evaluation): Promise<void> {
      const { episodes = [], ...stored } = evaluation;
      const history = conditionHistoryRow(bridgeId, evaluation);
      await db.transaction(async (tx) => {
        await upsertResult(
          bridgeId,
          {
            ...stored,
            state: 'idle',
            progress: 1,
            message: 'Evaluation up to date',
            lastError: null,
          },
          tx,
        );
        if (history) await tx.insert(conditionHistory).values(history);
        // An episode still open is found again, longer, by the next evaluation.
        for (const episode of episodes) {
          await tx
            .insert(alarmEpisodes)
            .values({ bridgeId, startedAt: new Date(episode.from), endedAt: new Date(episode.to) })
            .onConflictDoUpdate({
              target: [alarmEpisodes.bridgeId, alarmEpisodes.startedAt],
              set: { endedAt: sql`greatest(${alarmEpisodes.endedAt}, excluded.ended_at)` },
            });
        }
      });
    },

    /**
     * Bridges whose newest sample is later than the data their last evaluation covered (or that
     * were never evaluated). Queued or running ones are included: the queue keeps one waiting
     * job per bridge, and a state left behind by a crashed process must not block a bridge.
     */
    async bridgesWithNewData(): Promise<number[]> {
      const rows = rowsOf<{ bridge_id: number }>(
        await db.execute(sql`
          SELECT s.bridge_id
          FROM sensors s
          JOIN datastream_sensors ds ON ds.sensor_id = s.id
          JOIN datastreams d ON d.id = ds.datastream_id
          LEFT JOIN analysis_results r ON r.bridge_id = s.bridge_id
          WHERE d.last_seen_at IS NOT NULL
          GROUP BY s.bridge_id, r.data_until
          HAVING r.data_until IS NULL OR max(d.last_seen_at) > r.data_until
          ORDER BY s.bridge_id`),
      );
      return rows.map((r) => Number(r.bridge_id));
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
