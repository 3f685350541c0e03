import { and, desc, eq } from 'drizzle-orm';
import { releaseTriggerLevels } from '../alerts/trigger-level-release.ts';
import type { Db } from '../db/client.ts';
import { analysisModels, type BaselineStatus, baselineVersions } from '../db/schema.ts';
import { isStoredModel } from './stored-model.ts';

export type BaselineVersionRow = typeof baselineVersions.$inferSelect;
export type NewBaselineVersion = Omit<
  typeof baselineVersions.$inferInsert,
  'id' | 'version' | 'createdAt'
>;

/** A version as the cumulative check's anchor is chosen from it. */
export type AnchorCandidate = Pick<
  BaselineVersionRow,
  'version' | 'acceptedAt' | 'acceptedBy' | 'modes' | 'reason'
>;

type Tx = Pick<Db, 'update' | 'insert' | 'select'>;

/** The scoring model of a version, as analysis_models holds it (decision 041: always the active's). */
async function makeScoring(tx: Tx, row: BaselineVersionRow): Promise<void> {
  if (!isStoredModel(row.model)) throw new Error(`version ${row.version}: unreadable model`);
  const values = {
    bridgeId: row.bridgeId,
    method: row.model.detector.method,
    featureNames: row.model.featureNames,
    model: row.model,
    threshold: row.model.detector.threshold,
    baselineStart: row.trainedFrom,
    baselineEnd: row.trainedTo,
    trainingSeconds: row.trainingSeconds,
    trainedAt: row.createdAt,
  };
  await tx
    .insert(analysisModels)
    .values(values)
    .onConflictDoUpdate({ target: analysisModels.bridgeId, set: values });
}

/** The earlier active version is superseded, and so is a proposal a newer version replaces. */
async function supersede(tx: Tx, bridgeId: number, status: 'active' | 'proposed') {
  await tx
    .update(baselineVersions)
    .set({ status: 'superseded' })
    .where(and(eq(baselineVersions.bridgeId, bridgeId), eq(baselineVersions.status, status)));
}

/** What an engineer's decision on a version came to: the row as stored, or why not. */
export type DecisionAnswer = BaselineVersionRow | 'missing' | { refused: BaselineStatus };

/** The bridge's version, locked until the transaction ends, so two decisions never cross. */
async function lockedVersion(
  tx: Tx,
  bridgeId: number,
  version: number,
): Promise<BaselineVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(baselineVersions)
    .where(and(eq(baselineVersions.bridgeId, bridgeId), eq(baselineVersions.version, version)))
    .for('update');
  return row;
}

/** Each bridge's reference versions (decision 041). */
export function createBaselineVersions(db: Db) {
  return {
    /** Newest first. */
    list(bridgeId: number): Promise<BaselineVersionRow[]> {
      return db
        .select()
        .from(baselineVersions)
        .where(eq(baselineVersions.bridgeId, bridgeId))
        .orderBy(desc(baselineVersions.version));
    },

    /**
     * Newest first, with only what the cumulative check's anchor is chosen from
     * (confirmed-version.ts): a training reads this, not every version's stored model.
     */
    anchorCandidates(bridgeId: number): Promise<AnchorCandidate[]> {
      return db
        .select({
          version: baselineVersions.version,
          acceptedAt: baselineVersions.acceptedAt,
          acceptedBy: baselineVersions.acceptedBy,
          modes: baselineVersions.modes,
          reason: baselineVersions.reason,
        })
        .from(baselineVersions)
        .where(eq(baselineVersions.bridgeId, bridgeId))
        .orderBy(desc(baselineVersions.version));
    },

    async latest(bridgeId: number): Promise<BaselineVersionRow | undefined> {
      const [row] = await this.list(bridgeId);
      return row;
    },

    async active(bridgeId: number): Promise<BaselineVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(baselineVersions)
        .where(and(eq(baselineVersions.bridgeId, bridgeId), eq(baselineVersions.status, 'active')));
      return row;
    },

    /**
     * Stores a new version, numbered after the bridge's last; an active one supersedes the active
     * before it and becomes the scoring model, in the same transaction. Any older proposal is
     * superseded: one proposal waits at a time, the newest.
     */
    async add(values: NewBaselineVersion): Promise<BaselineVersionRow> {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ version: baselineVersions.version })
          .from(baselineVersions)
          .where(eq(baselineVersions.bridgeId, values.bridgeId))
          .orderBy(desc(baselineVersions.version))
          .limit(1)
          .for('update');
        await supersede(tx, values.bridgeId, 'proposed');
        if (values.status === 'active') await supersede(tx, values.bridgeId, 'active');
        const [row] = await tx
          .insert(baselineVersions)
          .values({ ...values, version: (last?.version ?? 0) + 1 })
          .returning();
        if (!row) throw new Error('the baseline version was not stored');
        if (row.status === 'active') await makeScoring(tx, row);
        return row;
      });
    },

    /**
     * An engineer accepts a proposed version: it becomes active and the scoring model, and the
     * trigger levels latched against the old reference are released with their alert.
     */
    async accept(bridgeId: number, version: number, userId: number): Promise<DecisionAnswer> {
      return db.transaction(async (tx) => {
        const row = await lockedVersion(tx, bridgeId, version);
        if (!row) return 'missing';
        if (row.status !== 'proposed') return { refused: row.status };
        await supersede(tx, bridgeId, 'active');
        const [accepted] = await tx
          .update(baselineVersions)
          .set({ status: 'active', acceptedAt: new Date(), acceptedBy: userId })
          .where(eq(baselineVersions.id, row.id))
          .returning();
        if (!accepted) return 'missing';
        await makeScoring(tx, accepted);
        // The latched trigger levels and their alert go with the old reference, now (decision 051).
        await releaseTriggerLevels(tx, bridgeId, accepted.version, new Date());
        return accepted;
      });
    },

    /**
     * An engineer rejects a proposed version: it never scores, and the active version goes on
     * as it is. The next training may propose again (decision 041).
     */
    async reject(
      bridgeId: number,
      version: number,
      rejection: { userId: number; reason: string },
    ): Promise<DecisionAnswer> {
      return db.transaction(async (tx) => {
        const row = await lockedVersion(tx, bridgeId, version);
        if (!row) return 'missing';
        if (row.status !== 'proposed') return { refused: row.status };
        const [rejected] = await tx
          .update(baselineVersions)
          .set({
            status: 'rejected',
            rejectedAt: new Date(),
            rejectedBy: rejection.userId,
            rejectionReason: rejection.reason,
          })
          .where(eq(baselineVersions.id, row.id))
          .returning();
        return rejected ?? 'missing';
      });
    },
  };
}

export type BaselineVersions = ReturnType<typeof createBaselineVersions>;
