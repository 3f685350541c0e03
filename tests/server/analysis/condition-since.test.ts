import { describe, expect, it } from 'vitest';
import { conditionSince } from '../../../server/analysis/condition-since.ts';

const NOW = new Date('2026-03-11T10:00:00.000Z');
const REACHED = '2026-03-01T10:00:00.000Z';

describe('when the bridge reached its condition', () => {
  it('keeps the stored date while the condition is unchanged (3 and 5 episodes are both Poor)', () => {
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 5, NOW)).toBe(REACHED);
  });

  it('starts again when the condition changes, either way', () => {
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 6, NOW)).toBe(
      NOW.toISOString(),
    );
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 2, NOW)).toBe(
      NOW.toISOString(),
    );
  });

  it('starts now for the first evaluation and for a report stored without the date', () => {
    expect(conditionSince(null, 0, NOW)).toBe(NOW.toISOString());
    expect(conditionSince({ num_anomalies: 0 }, 0, NOW)).toBe(NOW.toISOString());
    expect(conditionSince({ num_anomalies: 0, condition_since: 'garbled' }, 0, NOW)).toBe(
      NOW.toISOString(),
    );
  });
});
