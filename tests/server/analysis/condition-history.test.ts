import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAnalysisRepository } from '../../../server/analysis/analysis-repository.ts';
import { analysisResults, conditionHistory } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { evaluationAt } from '../report/condition-evaluations.ts';

describe.each(drivers)('condition history on %s', (kind) => {
  const t = setupTestApp(kind);

  it('gets a row for every stored evaluation, while the latest result is replaced', async () => {
    const bridge = await t.services.bridges.create({ name: 'Logged Bridge', location: 'River' });
    const { db } = t.services.database;
    const repository = createAnalysisRepository(db);
    await repository.saveEvaluation(bridge.id, evaluationAt('2026-04-03T06:00:00.000Z', 0));
    await repository.saveEvaluation(bridge.id, evaluationAt('2026-04-10T06:00:00.000Z', 6));
    await repository.saveEvaluation(bridge.id, evaluationAt('2026-04-20T06:00:00.000Z', 1));

    const rows = await db
      .select()
      .from(conditionHistory)
      .where(eq(conditionHistory.bridgeId, bridge.id))
      .orderBy(asc(conditionHistory.evaluatedAt));
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        bridgeId: bridge.id,
        evaluatedAt: new Date('2026-04-03T06:00:00.000Z'),
        periodFrom: new Date('2026-02-06T06:00:00.000Z'),
        periodTo: new Date('2026-04-03T05:00:00.000Z'),
        condition: 'Good',
        healthScore: 90,
        anomalyEpisodes: 0,
        dataUntil: new Date('2026-04-03T05:00:00.000Z'),
      },
      expect.objectContaining({ condition: 'Critical', healthScore: 60, anomalyEpisodes: 6 }),
      expect.objectContaining({ condition: 'Fair', healthScore: 75, anomalyEpisodes: 1 }),
    ]);
    const results = await db
      .select({ numAnomalies: analysisResults.numAnomalies, state: analysisResults.state })
      .from(analysisResults)
      .where(eq(analysisResults.bridgeId, bridge.id));
    expect(results).toEqual([{ numAnomalies: 1, state: 'idle' }]);
  });

  it('goes with its bridge', async () => {
    const bridge = await t.services.bridges.create({ name: 'Gone Bridge', location: 'River' });
    const { db } = t.services.database;
    await createAnalysisRepository(db).saveEvaluation(
      bridge.id,
      evaluationAt('2026-04-03T06:00:00.000Z', 0),
    );
    await t.services.bridges.delete(bridge.id, true);
    expect(await db.select().from(conditionHistory)).toEqual([]);
  });
});
