import type { components } from '../../openapi/schema';
import type { TestContext } from './test-app.ts';

/** A routine NBI inspection of 2026-11-20 recorded on the bridge by `token` (staff); its id. */
export async function recordRoutineInspection(
  t: TestContext,
  token: string,
  bridgeId: number,
): Promise<number> {
  const recorded = await t.request<components['schemas']['Inspection']>({
    method: 'POST',
    url: `/api/v1/bridges/${bridgeId}/inspections`,
    token,
    body: {
      inspected_on: '2026-11-20',
      kind: 'routine',
      inspector: 'F. Inspector',
      rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 },
    },
  });
  return recorded.body.id;
}
