import { snCurveByName } from '../analytics/fatigue/sn-curves.ts';
import type { Db } from '../db/client.ts';
import { fatigueDetails } from '../db/schema.ts';
import { priorDamageFromService } from '../fatigue/prior-damage.ts';

const CURVE = 'EC3 71';

/**
 * The demo detail close to its first alert level (issue 19): the gauge on the first span of the
 * Jacques Cartier Bridge (opened 1930, steel cantilever truss), whose detail carried traffic for
 * 94 years before the gauge. The assumed history is an average year with Δσ_E,2 = 12.1 MPa at
 * the detail (cars and trucks from 1930 to 2024, averaged; heavier and more numerous now, lighter
 * and fewer then), which gives D₀ ≈ 0.467, just under the default 0.5 level.
 */
export const WORN_DEMO_DETAIL = {
  streamId: 'jacques-cartier-s1-str',
  name: 'Stringer-to-floor-beam connection',
  annualEquivalentRangeMpa: 12.1,
} as const;

/**
 * Every demo strain gauge watches a fatigue detail (issue 19), a welded cover-plate end on the
 * girder (EN 1993-1-9 category 71) at 200 GPa, so the dashboard's Fatigue card has something
 * to show once the first days are counted; one of them has years of service before its gauge.
 */
export async function seedDemoFatigueDetails(
  tx: Pick<Db, 'insert'>,
  streams: readonly { dataType: string; sensorId: number; streamId: string; bridgeId: number }[],
  service: { constructionDateOf: (bridgeId: number) => string | null; installedOn: string },
): Promise<void> {
  const gauges = streams.filter((s) => s.dataType === 'strain');
  if (gauges.length === 0) return;
  await tx.insert(fatigueDetails).values(
    gauges.map((g) => {
      const detail = { sensorId: g.sensorId, curve: CURVE, alertLifeYears: 10 };
      const opened = service.constructionDateOf(g.bridgeId);
      if (g.streamId !== WORN_DEMO_DETAIL.streamId || !opened) {
        return { ...detail, name: 'Girder cover-plate end' };
      }
      const priorDamage = priorDamageFromService({
        inServiceFrom: opened,
        monitoredFrom: service.installedOn,
        annualEquivalentRangeMpa: WORN_DEMO_DETAIL.annualEquivalentRangeMpa,
        curve: snCurveByName(CURVE),
      });
      return { ...detail, name: WORN_DEMO_DETAIL.name, priorDamage };
    }),
  );
}
