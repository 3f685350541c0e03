const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalibrationSpan {
  calibratedOn: string;
  nextDue: string | null;
}

export interface MsRange {
  from: number;
  to: number;
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * When a calibration history vouches for the sensor: each entry from its date to the end of its
 * due day (or, with no due date, until the next entry). A sensor with no history is not judged.
 */
function validRanges(history: CalibrationSpan[]): MsRange[] {
  const sorted = [...history].sort((a, b) => a.calibratedOn.localeCompare(b.calibratedOn));
  return sorted.map((entry, i) => {
    const next = sorted[i + 1];
    const to = entry.nextDue
      ? dayStart(entry.nextDue) + DAY_MS
      : next
        ? dayStart(next.calibratedOn)
        : Number.POSITIVE_INFINITY;
    return { from: dayStart(entry.calibratedOn), to };
  });
}

/** The parts of [from, to) that no entry of any of the histories vouches for, merged. */
export function outOfCalibration(
  histories: CalibrationSpan[][],
  from: number,
  to: number,
): MsRange[] {
  const gaps: MsRange[] = [];
  for (const history of histories) {
    if (history.length === 0) continue;
    let cursor = from;
    for (const valid of validRanges(history)) {
      if (valid.from > cursor) gaps.push({ from: cursor, to: Math.min(valid.from, to) });
      cursor = Math.max(cursor, valid.to);
      if (cursor >= to) break;
    }
    if (cursor < to) gaps.push({ from: cursor, to });
  }
  const sorted = gaps.filter((g) => g.from < g.to).sort((a, b) => a.from - b.from);
  const merged: MsRange[] = [];
  for (const gap of sorted) {
    const last = merged.at(-1);
    if (last && gap.from <= last.to) last.to = Math.max(last.to, gap.to);
    else merged.push({ ...gap });
  }
  return merged;
}
