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

  it('says a structural warning came from a red crossing when the count alone gives none', () => {
    const warning = anAlert({
      id: 2,
      type: 'Structural Warning',
      severity: 'High',
      message: 'A natural frequency dropped past the red trigger level',
      cause: {
        windows: [],
        datastreams: [],
        physical_change: {
          feature: 's2-acc.f1',
          shift_percent: -5.4,
          uncertainty_percent: 0.3,
          duration_hours: 20,
          level: 'red',
          level_percent: -5,
        },
      },
    });
    const fair = {
      ...evaluationWith(1),
      health: { condition: 'Fair' },
    } as unknown as BridgeEvaluation;
    const facts = alertFacts(warning, fair);
    expect(facts.reading).toBe('Condition Fair (1 anomaly episode in the last 7 days)');
    // What it was raised against, said once (issue 36): the rule and the level crossed.
    expect(facts.trigger).toBe(
      'A frequency drop past the red trigger level; red frequency trigger level −5 % crossed',
    );
    expect(facts.physical).toBe(
      's2-acc.f1 \u22125.4 % \u00b1 0.3 % over 20 h; crossed red (\u22125 %)',
    );
    expect(alertFacts(structural, evaluationWith(1)).physical).toBeNull();
  });
});
