import { useMemo } from 'react';
import type { BridgeModesDaily, ModeDailySeries } from '../../api/queries/modes';
import { formatShortDate } from '../../../domain/formats';
import { type Band, bandPath, linePath } from '../../ui/chart/chart-paths';
import { stopsAtTimes } from '../../ui/chart/chart-stops';
import { lineColour } from '../../ui/chart/line-colours';
import { ModesTimeChart } from './modes-time-chart';

type Day = ModeDailySeries['days'][number];
type Spread = NonNullable<Day['frequency_hz']>;

const MEASURES = {
  frequency: {
    title:
      "Each reference mode's identified frequency per day: the median line, the quartiles shaded",
    yLabel: 'Frequency (Hz)',
    spread: (d: Day) => d.frequency_hz,
    scale: 1,
    text: (y: number) => y.toFixed(3),
    unit: ' Hz',
  },
  damping: {
    title:
      "Each reference mode's identified damping ratio per day: the median line, the quartiles shaded",
    yLabel: 'Damping (%)',
    spread: (d: Day) => d.damping_ratio,
    scale: 100,
    text: (y: number) => y.toFixed(2),
    unit: ' %',
  },
} as const;

/** The UTC day's middle, so a day's point sits inside its day in any display zone. */
const dayMs = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** The series' name: the active reference's modes as the table names them, others with their version. */
export function seriesName(series: ModeDailySeries, activeVersion: number): string {
  const name = `Mode ${series.reference_mode + 1}`;
  if (series.reference_version === activeVersion) return name;
  return series.reference_version === 0
    ? `${name} (first reference)`
    : `${name} (reference version ${series.reference_version})`;
}

/** Runs of consecutive listed days with a value: a band is not drawn across a gap. */
function bandRuns(points: readonly (Band | null)[]): Band[][] {
  const runs: Band[][] = [[]];
  for (const p of points) {
    if (p === null) runs.push([]);
    else runs.at(-1)?.push(p);
  }
  return runs.filter((r) => r.length > 0);
}

function dayText(name: string, day: Day, spread: Spread | null, show: (y: number) => string) {
  const seen = day.windows_found + day.windows_lost;
  if (spread === null) return `${name} lost in all ${seen}`;
  const lostText = day.windows_lost > 0 ? `, lost in ${day.windows_lost} of ${seen}` : '';
  return `${name} ${show(spread.median)} (quartiles ${show(spread.q1)} to ${show(spread.q3)})${lostText}`;
}

/**
 * Each reference mode's daily median frequency or damping over a long period (decision 076's
 * amendment of 2026-12-01), from the daily summary rather than window by window; the days are
 * UTC days. A day on which a mode was lost in every window leaves a gap.
 */
export function ModeDailyChart({
  daily,
  activeVersion,
  measure,
}: {
  daily: BridgeModesDaily;
  activeVersion: number;
  measure: keyof typeof MEASURES;
}) {
  const shown = MEASURES[measure];
  const lines = useMemo(
    () =>
      daily.modes.map((series, i) => {
        const byDay = new Map(series.days.map((d) => [d.day, d]));
        const scaled = (d: Day | undefined) => {
          const s = d && shown.spread(d);
          return s
            ? { median: s.median * shown.scale, q1: s.q1 * shown.scale, q3: s.q3 * shown.scale }
            : null;
        };
        const points = daily.days.map(({ day }) => ({ day, x: dayMs(day), entry: byDay.get(day) }));
        return {
          name: seriesName(series, activeVersion),
          colour: lineColour(i),
          points: points.map((p) => ({ x: p.x, y: scaled(p.entry)?.median ?? null })),
          bands: bandRuns(
            points.map((p) => {
              const s = scaled(p.entry);
              return s ? { x: p.x, low: s.q1, high: s.q3 } : null;
            }),
          ),
          texts: points.flatMap((p) =>
            p.entry
              ? [
                  {
                    x: p.x,
                    text: dayText(
                      seriesName(series, activeVersion),
                      p.entry,
                      scaled(p.entry),
                      (y) => `${shown.text(y)}${shown.unit}`,
                    ),
                  },
                ]
              : [],
          ),
        };
      }),
    [daily, activeVersion, shown],
  );
  const formatDay = (ms: number) => formatShortDate(ms, 'UTC');
  const stops = useMemo(
    () =>
      stopsAtTimes(
        lines.flatMap((l) => l.texts),
        formatDay,
      ),
    [lines],
  );
  return (
    <ModesTimeChart
      title={shown.title}
      yLabel={shown.yLabel}
      stops={stops}
      values={lines.flatMap((l) => l.bands.flatMap((r) => r.flatMap((b) => [b.low, b.high])))}
      formatX={formatDay}
      timeZone="UTC"
      lines={lines}
    >
      {({ x, y }) =>
        lines.map((l) => (
          <g key={l.name} data-line={l.name}>
            {l.bands.map((run) => (
              <path
                key={run[0]?.x}
                d={bandPath(run, x, y)}
                fill={l.colour}
                fillOpacity={0.15}
                stroke="none"
              />
            ))}
            <path d={linePath(l.points, x, y)} fill="none" stroke={l.colour} strokeWidth={1.5} />
          </g>
        ))
      }
    </ModesTimeChart>
  );
}
