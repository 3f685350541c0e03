import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { type ReadingSeries, fetchReadingsCsv } from '../../api/queries/readings';
import type { Datastream } from '../../api/queries/structures';
import { streamCardId } from './alert-subject';
import type { BridgeStream, StreamState } from './bridge-evaluation';
import { dashboardQueries } from './dashboard-queries';
import { TrustBadges } from './trust-badges';
import { TwinNote } from './twin-note';
import { axisLabel, humanTitle, unitOf } from './stream-labels';
import { type Domain, extent, padDomain } from '../../../domain/chart-scale';
import { vars } from '../../styles/theme.css';
import { Button } from '../../ui/button';
import { useDisplaySettings } from '../../ui/display-settings';
import { bandPath, linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import { saveBlob } from '../../ui/save-blob';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import * as styles from './dashboard.css';
import {
  countOf,
  formatNumber,
  formatShortDateTime,
  timeTickFormat,
} from '../../../domain/formats';
import { type RangeKey, rangeFor } from './readings-range';
import { shownDataTypeUnit } from '../../../domain/units';

const MEAN_COLOUR = vars.color.brand;
const BAND_COLOUR = 'rgba(11, 58, 83, 0.2)';
// Out-of-calibration time is shaded in the danger colour, faint enough to read the line through.
const UNCALIBRATED_COLOUR = 'rgba(180, 35, 24, 0.15)';

/** The readings API's out-of-calibration ranges, cut to what the chart shows (issue 20). */
export function uncalibratedSpans(series: ReadingSeries, [start, end]: Domain) {
  return (series.out_of_calibration ?? [])
    .map((r) => ({
      from: Math.max(Date.parse(r.from), start),
      to: Math.min(Date.parse(r.to), end),
    }))
    .filter((r) => r.from < r.to);
}

interface StreamReadingsProps {
  entry: BridgeStream;
  range: RangeKey;
  now: number;
}

const STATE_TEXT: Record<StreamState, string> = {
  reporting: 'Reporting',
  silent: 'Silent: no data lately (see Active Alerts)',
  never: 'Installed, not reporting',
};

/** 'Reporting' only for data that can be believed; a faulty stream sends, but is not trusted. */
const stateText = (entry: BridgeStream) =>
  entry.state === 'reporting' && entry.badges.length > 0 ? 'Sending data' : STATE_TEXT[entry.state];

export function StreamReadings({ entry, range, now }: StreamReadingsProps) {
  const { stream, sensors, span, state, badges, facts } = entry;
  const api = useApi();
  const { show } = useToast();
  const period = rangeFor(range, stream.last_seen, now);
  const readings = useQuery({
    ...dashboardQueries.readings(api, stream.id, period),
    // A stream that never sent has nothing to ask for.
    enabled: state !== 'never',
  });
  const download = useMutation({
    mutationFn: () => fetchReadingsCsv(api, stream.id, period),
    onSuccess: (blob) => saveBlob(`${stream.stream_id}-${range}.csv`, blob),
    onError: (error) => show({ tone: 'error', message: error.message, durationMs: 3000 }),
  });
  const titleId = `stream-${stream.id}-title`;
  const hasPoints = (readings.data?.points.length ?? 0) > 0;

  return (
    <article id={streamCardId(stream.id)} aria-labelledby={titleId} className={styles.card}>
      <h3 id={titleId} className={styles.subTitle}>
        {humanTitle(sensors, span)}: {stream.data_type}
      </h3>
      <p className={styles.small}>
        Stream {stream.stream_id}
        {sensors.length > 0 && `, sensor ${sensors.map((s) => s.sensor_id).join(', ')}`} ·{' '}
        <span className={state === 'reporting' ? undefined : styles.warningText}>
          {stateText(entry)}
        </span>
      </p>
      <TrustBadges badges={badges} />
      <TwinNote streamId={stream.stream_id} twins={entry.twins} />
      {facts.findings.map((finding) => (
        <p key={`${finding.kind}-${finding.detail}`} className={styles.warningText}>
          {finding.kind === 'drift' ? 'Drift' : 'Sensor fault'}: {finding.detail}
        </p>
      ))}
      {state === 'never' && (
        <p className={styles.muted}>
          No reading has ever arrived from this stream. Check that the sensor is powered and its
          gateway publishes to the stream {stream.stream_id}.
        </p>
      )}
      {readings.isPending && state !== 'never' && <Spinner label={`Loading ${stream.stream_id}`} />}
      {readings.isError && <p className={styles.muted}>{readings.error.message}</p>}
      {readings.data && <ReadingsChart series={readings.data} stream={stream} />}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={download.isPending || !hasPoints}
          title={hasPoints ? undefined : 'Nothing to download in this range'}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparing CSV...' : `Download CSV (${stream.stream_id})`}
        </Button>
      </div>
    </article>
  );
}

/**
 * A stream's readings in the company's units and time zone (decision 064): values converted for
 * the plot, the axis and the stops; the CSV download keeps the stored SI values.
 */
export function ReadingsChart({ series, stream }: { series: ReadingSeries; stream: Datastream }) {
  const { timeZone, units } = useDisplaySettings();
  const shown = useMemo(
    () => shownDataTypeUnit(stream.data_type, unitOf(stream), units),
    [stream, units],
  );
  const points = useMemo(
    () =>
      series.points.map((p) => ({
        x: Date.parse(p.t),
        mean: shown.of(p.mean),
        min: shown.of(p.min),
        max: shown.of(p.max),
      })),
    [series.points, shown],
  );
  const stops = useMemo<ChartStop[]>(
    () =>
      points.map((p) => ({
        x: p.x,
        text: `${formatShortDateTime(p.x, timeZone)}\nmean ${formatNumber(p.mean)}, min ${formatNumber(p.min)}, max ${formatNumber(p.max)} ${shown.unit}`,
      })),
    [points, shown.unit, timeZone],
  );
  const xDomain = extent(points.map((p) => p.x));
  const yExtent = extent(points.flatMap((p) => [p.min, p.max]));
  if (!xDomain || !yExtent) {
    return (
      <p className={styles.muted}>
        No readings in this range; the newest is older. Pick a longer range above.
      </p>
    );
  }
  const uncalibrated = uncalibratedSpans(series, xDomain);
  const shaded = uncalibrated.length > 0;
  return (
    <TimeChart
      title={`Mean with the min–max band, ${countOf(points.length, 'point', 'points')}${shaded ? '; shaded where a sensor was out of calibration' : ''}`}
      yLabel={axisLabel(stream, shown.unit)}
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={timeTickFormat(xDomain, timeZone)}
      timeZone={timeZone}
      legend={
        <ChartLegend
          entries={[
            { label: 'Mean', colour: MEAN_COLOUR },
            { label: 'Min–max', colour: BAND_COLOUR },
            ...(shaded ? [{ label: 'Out of calibration', colour: UNCALIBRATED_COLOUR }] : []),
          ]}
        />
      }
    >
      {({ x, y, plot }) => (
        <>
          {uncalibrated.map((r) => (
            <rect
              key={r.from}
              data-testid="out-of-calibration"
              x={x(r.from)}
              width={Math.max(1, x(r.to) - x(r.from))}
              y={plot.top}
              height={plot.bottom - plot.top}
              fill={UNCALIBRATED_COLOUR}
            />
          ))}
          <path
            d={bandPath(
              points.map((p) => ({ x: p.x, low: p.min, high: p.max })),
              x,
              y,
            )}
            fill={BAND_COLOUR}
          />
          <path
            d={linePath(
              points.map((p) => ({ x: p.x, y: p.mean })),
              x,
              y,
            )}
            fill="none"
            stroke={MEAN_COLOUR}
            strokeWidth={1.5}
          />
        </>
      )}
    </TimeChart>
  );
}
