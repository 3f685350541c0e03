import { describe, expect, it } from 'vitest';
import { fleetFalseAlarmText } from '../../domain/false-alarms';

const bridge = (expected: number | null) => ({ expected_false_episodes_per_month: expected });

describe('the fleet’s expected false alarms in words', () => {
  it('sums over the bridges, eleven of them as the demo has', () => {
    expect(fleetFalseAlarmText(Array.from({ length: 11 }, () => bridge(0.365)))).toBe(
      'Expected false alarms: about 4.0 episodes a month across these 11 bridges',
    );
    expect(fleetFalseAlarmText([bridge(1)])).toBe(
      'Expected false alarms: about 1.0 episode a month across this bridge',
    );
  });

  it('never says zero for a small expectation, nor guesses for bridges never assessed', () => {
    expect(fleetFalseAlarmText([bridge(0.01), bridge(0.02)])).toBe(
      'Expected false alarms: fewer than 0.1 episodes a month across these 2 bridges',
    );
    expect(fleetFalseAlarmText([bridge(null)])).toBe(
      'Expected false alarms: known once a bridge is assessed',
    );
    expect(fleetFalseAlarmText([])).toBeNull();
  });
});
