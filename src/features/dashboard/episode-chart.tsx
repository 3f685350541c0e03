import { useMemo } from 'react';
import type { components } from '../../../openapi/schema';
import type { AnomalyReport } from '../../api/queries/analytics';
import { extent, padDomain } from '../../../domain/chart-scale';
import { formatNumber, formatShortDateTime, timeTickFormat } from '../../../domain/formats';
import { vars } from '../../styles/theme.css';
import { linePath } from '../../ui/chart/chart-paths';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import { useDisplaySettings } from '../../ui/display-settings';

type Episode = components['schemas']['AnomalyEvent'];

const AROUND_MS = 6 * 3_600_000;
const HEIGHT = 130;
const ERROR_COLOUR = vars.color.link;
const ALARM_COLOUR = vars.condition.critical;
const EPISODE_SHADE = 'rgba(183, 28, 28, 0.12)';

/** The detector's error six hours either side of one episode, the episode shaded. */
export function EpisodeChart({ report, episode }: { report: AnomalyReport; episode: Episode }) {
  const { timeZone } = useDisplaySettings();
  const start = Date.parse(episode.start);
  const end = Date.parse(episode.end);
  const points = useMemo(
    () =>
      report.windows
        .map((w) => ({ x: Date.parse(w.start), y: w.error, anomalous: w.anomalous }))
        .filter((p) => p.x >= start - AROUND_MS && p.x <= end + AROUND_MS),
    [report.windows, start, end],
  );
  const stops = useMemo<ChartStop[]>(
    () =>
      points.map((p) => ({
        x: p.x,
        text: `${formatShortDateTime(p.x, timeZone)}: ${p.y === null ? 'not scored' : `error ${formatNumber(p.y)}`}${p.anomalous ? ', anomalous' : ''}`,
      })),
    [points, timeZone],
  );
  const xDomain = extent(points.map((p) => p.x));
  const yExtent = extent([...points.map((p) => p.y), report.threshold, 0]);
  if (!xDomain || !yExtent) return null;
  return (
    <TimeChart
      title={`Detector error around the episode of ${formatShortDateTime(start, timeZone)} (threshold ${formatNumber(report.threshold)})`}
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={timeTickFormat(xDomain, timeZone)}
      timeZone={timeZone}
      yLabel="Error"
      height={HEIGHT}
    >
      {({ x, y, plot }) => (
        <>
          <rect
            x={x(start)}
            width={Math.max(2, x(end) - x(start))}
            y={plot.top}
            height={plot.bottom - plot.top}
            fill={EPISODE_SHADE}
          />
          <path d={linePath(points, x, y)} fill="none" stroke={ERROR_COLOUR} strokeWidth={1.5} />
          <line
            x1={plot.left}
            x2={plot.right}
            y1={y(report.threshold)}
            y2={y(report.threshold)}
            stroke={ALARM_COLOUR}
            strokeDasharray="6 4"
          />
        </>
      )}
    </TimeChart>
  );
}
