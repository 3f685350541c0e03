import { useMemo } from 'react';
import type { FrequencyShiftSeries } from '../../api/queries/frequency-shift';
import { extent, padDomain } from '../../../domain/chart-scale';
import { formatShortDate } from '../../../domain/formats';
import { vars } from '../../styles/theme.css';
import { bandPath, linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';

// One colour per mode, told apart from the amber and red levels (and from each other in grey).
const MODE_COLOURS = ['#0b3a53', '#0b5c85', '#6a3d9a', '#1e7b34', '#7a5c00', '#4a5565'];
const AMBER = vars.condition.poor;
const RED = vars.condition.critical;

const colourOf = (index: number): string => MODE_COLOURS[index % MODE_COLOURS.length] ?? '#0b3a53';
// Typographic minus, as engineers write a drop.
const percent = (value: number) =>
  `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)} %`;

/**
 * Each tracked mode's compensated shift against the accepted reference since it was accepted,
 * one line per mode with its ± 1 σ band, and the bridge's amber and red trigger levels drawn
 * across (decision 051). The series comes bounded from the server (at most 500 points a mode).
 */
export function FrequencyShiftChart({ series }: { series: FrequencyShiftSeries }) {
  const modes = useMemo(
    () =>
      series.modes.map((m) => ({
        feature: m.feature,
        points: m.points.map((p) => ({
          x: Date.parse(p.t),
          y: p.shift_percent,
          low: p.shift_percent - p.uncertainty_percent,
          high: p.shift_percent + p.uncertainty_percent,
        })),
      })),
    [series.modes],
  );
  const stops = useMemo<ChartStop[]>(() => {
    const byTime = new Map<number, string[]>();
    for (const mode of series.modes) {
      for (const p of mode.points) {
        const x = Date.parse(p.t);
        const texts = byTime.get(x) ?? [];
        byTime.set(x, texts);
        texts.push(
          `${mode.feature} ${percent(p.shift_percent)} ± ${p.uncertainty_percent.toFixed(2)} %`,
        );
      }
    }
    return [...byTime.entries()]
      .sort(([a], [b]) => a - b)
      .map(([x, texts]) => ({ x, text: `${formatShortDate(x)}: ${texts.join(', ')}` }));
  }, [series.modes]);
  const { amber_percent: amber, red_percent: red } = series.levels;
  const xDomain = extent(stops.map((s) => s.x));
  const yExtent = extent([
    ...modes.flatMap((m) => m.points.flatMap((p) => [p.low, p.high])),
    red,
    0.5,
  ]);
  if (!xDomain || !yExtent) return null;
  return (
    <TimeChart
      title="Compensated frequency shift of each mode against the reference, with the amber and red trigger levels"
      yLabel="Frequency shift (%)"
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={formatShortDate}
      legend={
        <ChartLegend
          entries={[
            ...modes.map((m, i) => ({ label: m.feature, colour: colourOf(i) })),
            { label: `Amber (${percent(amber).replace('.00', '')})`, colour: AMBER, dashed: true },
            { label: `Red (${percent(red).replace('.00', '')})`, colour: RED, dashed: true },
          ]}
        />
      }
    >
      {({ x, y, plot }) => (
        <>
          {modes.map((m, i) => (
            <path
              key={`band-${m.feature}`}
              d={bandPath(m.points, x, y)}
              fill={colourOf(i)}
              fillOpacity={0.15}
            />
          ))}
          {[
            { level: amber, colour: AMBER, name: 'amber' },
            { level: red, colour: RED, name: 'red' },
          ].map((l) => (
            <line
              key={l.name}
              data-level={l.name}
              x1={plot.left}
              x2={plot.right}
              y1={y(l.level)}
              y2={y(l.level)}
              stroke={l.colour}
              strokeWidth={1.5}
              strokeDasharray="6 4"
            />
          ))}
          {modes.map((m, i) => (
            <path
              key={`line-${m.feature}`}
              d={linePath(m.points, x, y)}
              fill="none"
              stroke={colourOf(i)}
              strokeWidth={1.5}
            />
          ))}
        </>
      )}
    </TimeChart>
  );
}
