import { useMemo } from 'react';
import type { BridgeModes } from '../../api/queries/modes';
import { formatShortDate } from '../../../domain/formats';
import { linePath } from '../../ui/chart/chart-paths';
import { stopsAtTimes } from '../../ui/chart/chart-stops';
import { lineColour } from '../../ui/chart/line-colours';
import { ModesTimeChart } from './modes-time-chart';
import { useDisplaySettings } from '../../ui/display-settings';

type Measure = 'frequency' | 'damping';

const MEASURES = {
  frequency: {
    title: "Each reference mode's identified frequency, window by window; a gap where it was lost",
    yLabel: 'Frequency (Hz)',
    value: (h: BridgeModes['history'][number]) => h.frequency_hz,
    text: (y: number) => `${y.toFixed(3)} Hz`,
  },
  damping: {
    title:
      "Each reference mode's identified damping ratio, window by window; a gap where it was lost",
    yLabel: 'Damping (%)',
    value: (h: BridgeModes['history'][number]) =>
      h.damping_ratio === null ? null : 100 * h.damping_ratio,
    text: (y: number) => `${y.toFixed(2)} %`,
  },
} as const;

/**
 * Each reference mode's identified frequency or damping, window by window, as stored (not
 * temperature compensated: the Frequency shift card is). A window where a mode was lost leaves
 * a gap. Issue 31's "frequency and damping trends": one chart for each measure, a line a mode.
 */
export function ModeHistoryChart({
  modes,
  measure = 'frequency',
}: {
  modes: BridgeModes;
  measure?: Measure;
}) {
  const shown = MEASURES[measure];
  const { timeZone } = useDisplaySettings();
  const lines = useMemo(() => {
    const positions = (modes.reference?.modes ?? []).map((m) => m.position);
    const windows = [...new Set(modes.history.map((h) => h.window_start))].sort();
    return positions.map((position, i) => {
      const byWindow = new Map(
        modes.history
          .filter((h) => h.reference_mode === position)
          .map((h) => [h.window_start, h.lost ? null : shown.value(h)]),
      );
      return {
        name: `Mode ${position + 1}`,
        colour: lineColour(i),
        points: windows.map((w) => ({ x: Date.parse(w), y: byWindow.get(w) ?? null })),
      };
    });
  }, [modes, shown]);
  const stops = useMemo(
    () =>
      stopsAtTimes(
        lines.flatMap((l) =>
          l.points.map((p) => ({
            x: p.x,
            text: `${l.name} ${p.y == null ? 'lost' : shown.text(p.y)}`,
          })),
        ),
        (ms) => formatShortDate(ms, timeZone),
      ),
    [lines, timeZone, shown],
  );
  return (
    <ModesTimeChart
      title={shown.title}
      yLabel={shown.yLabel}
      stops={stops}
      values={lines.flatMap((l) => l.points.flatMap((p) => (p.y == null ? [] : [p.y])))}
      formatX={(ms) => formatShortDate(ms, timeZone)}
      timeZone={timeZone}
      lines={lines}
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
    </ModesTimeChart>
  );
}
