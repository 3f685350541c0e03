import type { ReactNode } from 'react';
import { extent, padDomain } from '../../../domain/chart-scale';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartScales, type ChartStop, TimeChart } from '../../ui/chart/time-chart';

/**
 * The Modes card's time charts (window by window, or per day): a line a mode, its legend, the
 * keyboard stops; nothing when there is no point to draw.
 */
export function ModesTimeChart({
  title,
  yLabel,
  stops,
  values,
  formatX,
  timeZone,
  lines,
  children,
}: {
  title: string;
  yLabel: string;
  stops: readonly ChartStop[];
  /** Every value drawn, for the vertical scale. */
  values: number[];
  formatX: (ms: number) => string;
  /** The zone `formatX` writes in. */
  timeZone: string | undefined;
  lines: readonly { name: string; colour: string }[];
  children: (scales: ChartScales) => ReactNode;
}) {
  const xDomain = extent(stops.map((s) => s.x));
  const yExtent = extent(values);
  if (!xDomain || !yExtent) return null;
  return (
    <TimeChart
      title={title}
      yLabel={yLabel}
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      height={180}
      formatX={formatX}
      timeZone={timeZone}
      legend={<ChartLegend entries={lines.map((l) => ({ label: l.name, colour: l.colour }))} />}
    >
      {children}
    </TimeChart>
  );
}
