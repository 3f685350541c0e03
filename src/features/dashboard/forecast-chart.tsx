import { useMemo } from 'react';
import type { ForecastSeries } from '../../api/queries/analytics';
import { extent, padDomain } from '../../../domain/chart-scale';
import { vars } from '../../styles/theme.css';
import { bandPath, linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import * as styles from './dashboard.css';
import { formatShortDate } from '../../../domain/formats';

const HISTORY_COLOUR = vars.color.brand;
const FORECAST_COLOUR = vars.color.link;
const ALARM_COLOUR = vars.condition.critical;

// A frequency moves by a few thousandths of a hertz: three significant digits would hide it.
const formatValue = (value: number): string => value.toPrecision(4);

/** The health indicator's history and 30-day forecast with its 80 % and 95 % bands, in SVG. */
export function ForecastChart({ series }: { series: ForecastSeries }) {
  const history = useMemo(
    () => series.history.map((p) => ({ x: Date.parse(p.t), y: p.value, anomalous: p.anomalous })),
    [series.history],
  );
  const ahead = useMemo(
    () => series.forecast.map((p) => ({ ...p, x: Date.parse(p.t) })),
    [series.forecast],
  );
  const unit = series.unit ? ` ${series.unit}` : '';
  const stops = useMemo<ChartStop[]>(
    () => [
      ...history.map((p) => ({
        x: p.x,
        text: `${formatShortDate(p.x)}: ${p.y === null ? 'no value' : `${formatValue(p.y)}${unit}`}${p.anomalous ? ', anomalous' : ''}`,
      })),
      ...ahead.map((p) => ({
        x: p.x,
        text: `${formatShortDate(p.x)} (forecast): ${formatValue(p.mean)}${unit}, 80 % ${formatValue(p.lower80)}–${formatValue(p.upper80)}, 95 % ${formatValue(p.lower95)}–${formatValue(p.upper95)}`,
      })),
    ],
    [history, ahead, unit],
  );
  const xDomain = extent(stops.map((s) => s.x));
  const yExtent = extent([
    ...history.map((p) => p.y),
    ...ahead.flatMap((p) => [p.lower95, p.upper95]),
    series.alarm_low,
  ]);
  if (!xDomain || !yExtent) return <p className={styles.muted}>No indicator values yet.</p>;

  return (
    <TimeChart
      title={`${series.indicator}: history and 30-day forecast, anomalous days in red`}
      yLabel={series.unit ? `${series.indicator} (${series.unit})` : series.indicator}
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={(ms) => formatShortDate(ms)}
      legend={
        <ChartLegend
          entries={[
            { label: 'History', colour: HISTORY_COLOUR },
            { label: 'Forecast', colour: FORECAST_COLOUR, dashed: true },
            { label: '80 % band', colour: 'rgba(11, 92, 133, 0.35)' },
            { label: '95 % band', colour: 'rgba(11, 92, 133, 0.15)' },
            ...(series.alarm_low === null
              ? []
              : [{ label: 'Alarm level', colour: ALARM_COLOUR, dashed: true }]),
          ]}
        />
      }
    >
      {({ x, y, plot }) => (
        <>
          <path
            d={bandPath(
              ahead.map((p) => ({ x: p.x, low: p.lower95, high: p.upper95 })),
              x,
              y,
            )}
            fill="rgba(11, 92, 133, 0.15)"
          />
          <path
            d={bandPath(
              ahead.map((p) => ({ x: p.x, low: p.lower80, high: p.upper80 })),
              x,
              y,
            )}
            fill="rgba(11, 92, 133, 0.35)"
          />
          <path d={linePath(history, x, y)} fill="none" stroke={HISTORY_COLOUR} strokeWidth={1.5} />
          <path
            d={linePath(
              ahead.map((p) => ({ x: p.x, y: p.mean })),
              x,
              y,
            )}
            fill="none"
            stroke={FORECAST_COLOUR}
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
          {series.alarm_low !== null && (
            <line
              x1={plot.left}
              x2={plot.right}
              y1={y(series.alarm_low)}
              y2={y(series.alarm_low)}
              stroke={ALARM_COLOUR}
              strokeDasharray="6 4"
            />
          )}
          {history.map((p) =>
            p.anomalous && p.y !== null ? (
              <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3} fill={ALARM_COLOUR} />
            ) : null,
          )}
        </>
      )}
    </TimeChart>
  );
}
