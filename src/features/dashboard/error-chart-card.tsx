import { useMemo } from 'react';
import type { AnomalyReport } from '../../api/queries/analytics';
import { extent, padDomain } from '../../../domain/chart-scale';
import { vars } from '../../styles/theme.css';
import { linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import { useDisplaySettings } from '../../ui/display-settings';

import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { formatNumber, formatShortDateTime, timeTickFormat } from '../../../domain/formats';

const ERROR_COLOUR = vars.color.link;
const THRESHOLD_COLOUR = vars.condition.critical;
const ANOMALY_COLOUR = vars.condition.critical;

/** Reconstruction error per 10-minute window against the detector's threshold. */
export function ErrorChartCard({
  report,
  evaluation,
}: {
  report: AnomalyReport;
  evaluation: BridgeEvaluation;
}) {
  const { countsText, windowMinutes } = evaluation;
  const { timeZone } = useDisplaySettings();
  const series = useMemo(
    () =>
      report.windows.map((w) => ({
        x: Date.parse(w.start),
        y: w.error,
        anomalous: w.anomalous,
        end: w.end,
        outside: w.outside_baseline,
      })),
    [report.windows],
  );
  const stops = useMemo<ChartStop[]>(
    () =>
      series.map((p) => ({
        x: p.x,
        text:
          `${formatShortDateTime(p.x, timeZone)} – ${formatShortDateTime(p.end, timeZone)}\n` +
          (p.y === null ? 'window skipped' : `error ${formatNumber(p.y)}`) +
          (p.anomalous ? ', anomalous' : '') +
          (p.outside ? ', temperature outside the baseline' : ''),
      })),
    [series, timeZone],
  );

  const xDomain = extent(series.map((p) => p.x));
  const yExtent = extent([...series.map((p) => p.y), report.threshold, 0]);

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="error-chart-title">
      <h2 id="error-chart-title" className={styles.cardTitle}>
        Reconstruction error
      </h2>
      {!xDomain || !yExtent ? (
        <p className={styles.muted}>No windows were scored in this period.</p>
      ) : (
        <TimeChart
          title={`Detector error of each ${windowMinutes}-minute window against the threshold ${formatNumber(report.threshold)}: ${countsText}`}
          yLabel="Detector error"
          xDomain={xDomain}
          yDomain={padDomain(yExtent)}
          stops={stops}
          formatX={timeTickFormat(xDomain, timeZone)}
          timeZone={timeZone}
          legend={
            <ChartLegend
              entries={[
                { label: 'Window error', colour: ERROR_COLOUR },
                { label: 'Threshold', colour: THRESHOLD_COLOUR, dashed: true },
                { label: 'Anomalous window', colour: ANOMALY_COLOUR },
              ]}
            />
          }
        >
          {({ x, y, plot }) => (
            <>
              <path
                d={linePath(series, x, y)}
                fill="none"
                stroke={ERROR_COLOUR}
                strokeWidth={1.5}
              />
              <line
                x1={plot.left}
                x2={plot.right}
                y1={y(report.threshold)}
                y2={y(report.threshold)}
                stroke={THRESHOLD_COLOUR}
                strokeWidth={1.5}
                strokeDasharray="6 4"
              />
              {series.map((p) =>
                p.anomalous && p.y !== null ? (
                  <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3.5} fill={ANOMALY_COLOUR} />
                ) : null,
              )}
            </>
          )}
        </TimeChart>
      )}
    </section>
  );
}
