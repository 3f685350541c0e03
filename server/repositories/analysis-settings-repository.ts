import { eq } from 'drizzle-orm';
import {
  DEFAULT_ALARM_TARGET_RATE,
  DEFAULT_TRIGGER_LEVELS,
  type TriggerLevels,
} from '../../domain/trigger-levels.ts';
import type { Db } from '../db/client.ts';
import { bridgeAnalysisSettings } from '../db/schema.ts';

export interface AnalysisSettings extends TriggerLevels {
  bridgeId: number;
  targetFalseAlarmRate: number;
  /** Null while the bridge runs on the defaults (no row stored). */
  updatedAt: Date | null;
}

export type AnalysisSettingsValues = Omit<AnalysisSettings, 'updatedAt'>;

const defaults = (bridgeId: number): AnalysisSettings => ({
  bridgeId,
  ...DEFAULT_TRIGGER_LEVELS,
  targetFalseAlarmRate: DEFAULT_ALARM_TARGET_RATE,
  updatedAt: null,
});

/** A bridge's trigger levels and alarm rate (docs/decisions/025-physical-trigger-levels.md). */
export function createAnalysisSettingsRepository(db: Db) {
  return {
    /** The stored settings, or the defaults when none are. */
    async ofBridge(bridgeId: number): Promise<AnalysisSettings> {
      const [row] = await db
        .select()
        .from(bridgeAnalysisSettings)
        .where(eq(bridgeAnalysisSettings.bridgeId, bridgeId));
      return row ?? defaults(bridgeId);
    },

    async save(values: AnalysisSettingsValues): Promise<AnalysisSettings> {
      const [row] = await db
        .insert(bridgeAnalysisSettings)
        .values(values)
        .onConflictDoUpdate({
          target: bridgeAnalysisSettings.bridgeId,
          set: {
            amberPercent: values.amberPercent,
            redPercent: values.redPercent,
            targetFalseAlarmRate: values.targetFalseAlarmRate,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error('upsert into bridge_analysis_settings returned no row');
      return row;
    },
  };
}

export type AnalysisSettingsRepository = ReturnType<typeof createAnalysisSettingsRepository>;
