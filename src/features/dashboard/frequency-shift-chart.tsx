import { useMemo } from 'react';
import type { FrequencyShiftSeries } from '../../api/queries/frequency-shift';
import { shiftLineName } from '../../../domain/reference-shift';
import { extent, padDomain } from '../../../domain/chart-scale';
import { formatShortDate } from '../../../domain/formats';
import { useDisplaySettings } from '../../ui/display-settings';

import { vars } from '../../styles/theme.css';
import { bandPath, linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { stopsAtTimes } from '../../ui/chart/chart-stops';
import { lineColour } from '../../ui/chart/line-colours';
import { TimeChart } from '../../ui/chart/time-chart';

const AMBER = vars.condition.poor;
const RED = vars.condition.critical;

// The modes' mean: black and thicker, so a uniform loss reads as one line above the modes'.
const MEAN_COLOUR = '#111111';

// Typographic minus, as engineers write a drop.
const percent = (value: number) =>
  `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)} %`;

/** The modes' lines, then the mean's ('All modes (mean)') when the server sends one. */
export const shiftLines = (series: FrequencyShiftSeries) =>
  series.all_modes ? [...series.modes, series.all_modes] : series.modes;

/**
 * Each tracked mode's compensated shift against the accepted reference since it was accepted,
 * one line per mode with its ± 1 σ band, the modes' mean as a distinct line, and the bridge's
 * amber and red trigger levels drawn across (decision 051). The series comes bounded from the
 * server (at most 500 points a line).
 */
export function FrequencyShiftChart({ series }: { series: FrequencyShiftSeries }) {
  const { timeZone } = useDisplaySettings();
  const lines = useMemo(() => shiftLines(series), [series]);
  const modes = useMemo(
    () =>
      lines.map((m, i) => ({
        feature: m.feature,
        name: shiftLineName(m.feature),
        colour: m === series.all_modes ? MEAN_COLOUR : lineColour(i),
        width: m === series.all_modes ? 2.5 : 1.5,
        points: m.points.map((p) => ({
          x: Date.parse(p.t),
          y: p.shift_percent,
          low: p.shift_percent - p.uncertainty_percent,
          high: p.shift_percent + p.uncertainty_percent,
        })),
      })),
    [lines, series.all_modes],
  );
  const stops = useMemo(
    () =>
      stopsAtTimes(
        lines.flatMap((mode) =>
          mode.points.map((p) => ({
            x: Date.parse(p.t),
            text: `${shiftLineName(mode.feature)} ${percent(p.shift_percent)} ± ${p.uncertainty_percent.toFixed(2)} %`,
          })),
        ),
        (ms) => formatShortDate(ms, timeZone),
      ),
    [lines, timeZone],
  );
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
      title="Compensated frequency shift of each mode and of their mean against the reference, with the amber and red trigger levels"
      yLabel="Frequency shift (%)"
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={(ms) => formatShortDate(ms, timeZone)}
      timeZone={timeZone}
      legend={
        <ChartLegend
          entries={[
            ...modes.map((m) => ({ label: m.name, colour: m.colour })),
            { label: `Amber (${percent(amber).replace('.00', '')})`, colour: AMBER, dashed: true },
            { label: `Red (${percent(red).replace('.00', '')})`, colour: RED, dashed: true },
          ]}
        />
      }
    >
      {({ x, y, plot }) => (
        <>
          {modes.map((m) => (
            <path
              key={`band-${m.feature}`}
              d={bandPath(m.points, x, y)}
              fill={m.colour}
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
          {modes.map((m) => (
            <path
              key={`line-${m.feature}`}
              data-line={m.name}
              d={linePath(m.points, x, y)}
              fill="none"
              stroke={m.colour}
              strokeWidth={m.width}
            />
          ))}
        </>
      )}
    </TimeChart>
  );
}
