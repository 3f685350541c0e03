// The fleet's expected false alarms (issue 15): what a target false-alarm rate means for the
// bridges in view, said in episodes a month, the unit an operator feels.

interface WithExpectation {
  expected_false_episodes_per_month?: number | null;
}

const episodesText = (sum: number): string => {
  if (sum > 0 && sum < 0.05) return 'fewer than 0.1 episodes';
  const rounded = sum >= 10 ? Math.round(sum).toString() : sum.toFixed(1);
  return `about ${rounded} ${rounded === '1.0' ? 'episode' : 'episodes'}`;
};

/**
 * 'Expected false alarms: about 0.4 episodes a month across these 11 bridges': the sum over the
 * bridges of their expectation; bridges never assessed are left out and said so. Null for none.
 */
export function fleetFalseAlarmText(bridges: readonly WithExpectation[]): string | null {
  if (bridges.length === 0) return null;
  const known = bridges.flatMap((b) =>
    typeof b.expected_false_episodes_per_month === 'number' &&
    Number.isFinite(b.expected_false_episodes_per_month)
      ? [b.expected_false_episodes_per_month]
      : [],
  );
  if (known.length === 0) return 'Expected false alarms: known once a bridge is assessed';
  const sum = known.reduce((a, b) => a + b, 0);
  const these =
    known.length === bridges.length
      ? `${bridges.length === 1 ? 'this bridge' : `these ${bridges.length} bridges`}`
      : `the ${known.length} assessed of these ${bridges.length} bridges`;
  return `Expected false alarms: ${episodesText(sum)} a month across ${these}`;
}
