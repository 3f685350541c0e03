import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import {
  type ReadingSeries,
  fetchReadingsCsv,
  readingsQueryOptions,
} from '../../api/queries/readings';
import type { Datastream } from '../../api/queries/structures';
import { extent, padDomain } from '../../domain/chart-scale';
import { vars } from '../../styles/theme.css';
import { Button } from '../../ui/button';
import { bandPath, linePath } from '../../ui/chart/chart-paths';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { type ChartStop, TimeChart } from '../../ui/chart/time-chart';
import { saveBlob } from '../../ui/save-blob';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import * as styles from './dashboard.css';
import { formatNumber, formatShortDateTime, timeTickFormat } from '../../domain/formats';
import { type RangeKey, rangeFor } from './readings-range';

const MEAN_COLOUR = vars.color.brand;
const BAND_COLOUR = 'rgba(11, 58, 83, 0.2)';

interface StreamReadingsProps {
  stream: Datastream;
  range: RangeKey;
  now: number;
}

export function StreamReadings({ stream, range, now }: StreamReadingsProps) {
  const api = useApi();
  const { show } = useToast();
  const span = rangeFor(range, stream.last_seen, now);
  const readings = useQuery(readingsQueryOptions(api, stream.id, span));
  const download = useMutation({
    mutationFn: () => fetchReadingsCsv(api, stream.id, span),
    onSuccess: (blob) => saveBlob(`${stream.stream_id}-${range}.csv`, blob),
    onError: (error) => show({ tone: 'error', message: error.message, durationMs: 3000 }),
  });
  const titleId = `stream-${stream.id}-title`;

  return (
    <article aria-labelledby={titleId} className={styles.card}>
      <h3 id={titleId} className={styles.subTitle}>
        {stream.stream_id} ({stream.data_type})
      </h3>
      {readings.isPending && <Spinner label={`Loading ${stream.stream_id}`} />}
      {readings.isError && <p className={styles.muted}>{readings.error.message}</p>}
      {readings.data && <ReadingsChart series={readings.data} name={stream.stream_id} />}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Preparing CSV...' : `Download CSV (${stream.stream_id})`}
        </Button>
      </div>
    </article>
  );
}

function ReadingsChart({ series, name }: { series: ReadingSeries; name: string }) {
  const points = useMemo(
    () => series.points.map((p) => ({ ...p, x: Date.parse(p.t) })),
    [series.points],
  );
  const stops = useMemo<ChartStop[]>(
    () =>
      points.map((p) => ({
        x: p.x,
        text: `${formatShortDateTime(p.x)}\nmean ${formatNumber(p.mean)}, min ${formatNumber(p.min)}, max ${formatNumber(p.max)}`,
      })),
    [points],
  );
  const xDomain = extent(points.map((p) => p.x));
  const yExtent = extent(points.flatMap((p) => [p.min, p.max]));
  if (!xDomain || !yExtent) {
    return <p className={styles.muted}>No readings in this range.</p>;
  }
  return (
    <TimeChart
      title={`${name}: mean with the min–max band, ${points.length} points`}
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      formatX={timeTickFormat(xDomain)}
      formatY={formatNumber}
      legend={
        <ChartLegend
          entries={[
            { label: 'Mean', colour: MEAN_COLOUR },
            { label: 'Min–max', colour: BAND_COLOUR },
          ]}
        />
      }
    >
      {({ x, y }) => (
        <>
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
