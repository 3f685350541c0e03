import { describe, expect, it } from 'vitest';
import { alertFacts } from '../../../../src/features/dashboard/alert-facts';
import type { BridgeEvaluation } from '../../../../src/features/dashboard/bridge-evaluation';

import { anAlert } from './fixtures';

// No stored windows and no threshold: the value is the episode count alone.
const structural = anAlert({
  id: 1,
  message: '1 anomaly detected',
  cause: { windows: [], datastreams: [] },
});

const evaluationWith = (episodes: number) =>
  ({ episodes, periodDays: 7, report: null, health: null }) as unknown as BridgeEvaluation;

describe('alert facts', () => {
  it('counts one anomaly episode in the singular, more in the plural', () => {
    expect(alertFacts(structural, evaluationWith(1)).reading).toBe(
      '1 anomaly episode in the last 7 days (Critical above 3)',
    );
    expect(alertFacts(structural, evaluationWith(4)).reading).toBe(
      '4 anomaly episodes in the last 7 days (Critical above 3)',
    );
  });
});
