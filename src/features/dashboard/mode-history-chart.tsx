import { useMemo } from 'react';
import type { BridgeModes } from '../../api/queries/modes';
import { extent, padDomain } from '../../../domain/chart-scale';
import { formatShortDate } from '../../../domain/formats';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { linePath } from '../../ui/chart/chart-paths';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import { useDisplaySettings } from '../../ui/display-settings';

const COLOURS = ['#0b3a53', '#0b5c85', '#6a3d9a', '#1e7b34', '#7a5c00', '#4a5565'];
const colourOf = (i: number) => COLOURS[i % COLOURS.length] ?? '#0b3a53';

/**
 * Each reference mode's identified frequency, window by window, as stored (not temperature
 * compensated: the Frequency shift card is). A window where a mode was lost leaves a gap.
 */
export function ModeHistoryChart({ modes }: { modes: BridgeModes }) {
  const { timeZone } = useDisplaySettings();
  const lines = useMemo(() => {
    const positions = (modes.reference?.modes ?? []).map((m) => m.position);
    const windows = [...new Set(modes.history.map((h) => h.window_start))].sort();
    return positions.map((position, i) => {
      const byWindow = new Map(
        modes.history
          .filter((h) => h.reference_mode === position)
          .map((h) => [h.window_start, h.lost ? null : h.frequency_hz]),
      );
      return {
        name: `Mode ${position + 1}`,
        colour: colourOf(i),
        points: windows.map((w) => ({ x: Date.parse(w), y: byWindow.get(w) ?? null })),
      };
    });
  }, [modes]);
  const stops = useMemo<ChartStop[]>(() => {
    const first = lines[0];
    if (!first) return [];
    return first.points.map((p, k) => ({
      x: p.x,
      text: `${formatShortDate(p.x, timeZone)}: ${lines
        .map((l) => {
          const y = l.points[k]?.y;
          return `${l.name} ${y == null ? 'lost' : `${y.toFixed(3)} Hz`}`;
        })
        .join(', ')}`,
    }));
  }, [lines, timeZone]);
  const xDomain = extent(stops.map((s) => s.x));
  const yExtent = extent(lines.flatMap((l) => l.points.flatMap((p) => (p.y == null ? [] : [p.y]))));
  if (!xDomain || !yExtent) return null;
  return (
    <TimeChart
      title="Each reference mode's identified frequency, window by window; a gap where it was lost"
      yLabel="Frequency (Hz)"
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      height={180}
      formatX={(ms) => formatShortDate(ms, timeZone)}
      legend={<ChartLegend entries={lines.map((l) => ({ label: l.name, colour: l.colour }))} />}
    >
      {({ x, y }) =>
        lines.map((l) => (
          <path
            key={l.name}
            data-line={l.name}
            d={linePath(l.points, x, y)}
            fill="none"
            stroke={l.colour}
            strokeWidth={1.5}
          />
        ))
      }
    </TimeChart>
  );
}
