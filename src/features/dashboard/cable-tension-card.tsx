import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import type { CableTensionSeries } from '../../api/queries/cable-tensions';
import { extent, padDomain } from '../../../domain/chart-scale';
import { cableText, limitsText, tensionText } from '../../../domain/cable-words';
import { formatInstant, formatShortDate } from '../../../domain/formats';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { linePath } from '../../ui/chart/chart-paths';
import { stopsAtTimes } from '../../ui/chart/chart-stops';
import { lineColour } from '../../ui/chart/line-colours';
import { TimeChart } from '../../ui/chart/time-chart';
import { useDisplaySettings } from '../../ui/display-settings';
import { dashboardQueries } from './dashboard-queries';
import * as cardStyles from './fatigue-card.css';
import { UpdatedAt } from './when';

const LIMIT_COLOUR = '#b42318';
const REFERENCE_COLOUR = '#667085';

/** Horizontal lines of the chart: each limit in force and the reference. */
function guideLines(series: CableTensionSeries) {
  const { cable, reference_tension_kn: reference } = series;
  const lines: { label: string; kn: number; colour: string }[] = [];
  if (cable.tension_low_kn != null) {
    lines.push({ label: 'Low limit', kn: cable.tension_low_kn, colour: LIMIT_COLOUR });
  }
  if (cable.tension_high_kn != null) {
    lines.push({ label: 'High limit', kn: cable.tension_high_kn, colour: LIMIT_COLOUR });
  }
  if (reference !== null) {
    lines.push({ label: 'Reference', kn: reference, colour: REFERENCE_COLOUR });
    const percent = cable.tension_change_percent;
    if (percent != null) {
      lines.push({
        label: `Reference −${percent} %`,
        kn: reference * (1 - percent / 100),
        colour: LIMIT_COLOUR,
      });
      lines.push({
        label: `Reference +${percent} %`,
        kn: reference * (1 + percent / 100),
        colour: LIMIT_COLOUR,
      });
    }
  }
  return lines;
}

/** The tension window by window, a gap where none was estimated, with the limits drawn. */
function TensionChart({ series }: { series: CableTensionSeries }) {
  const { timeZone } = useDisplaySettings();
  const points = useMemo(
    () => series.history.map((p) => ({ x: Date.parse(p.window_start), y: p.tension_kn })),
    [series],
  );
  const guides = guideLines(series);
  const stops = useMemo(
    () =>
      stopsAtTimes(
        series.history.map((p) => ({
          x: Date.parse(p.window_start),
          text:
            p.tension_kn === null
              ? `no tension (${p.note ?? 'not estimated'})`
              : `${tensionText(p.tension_kn, p.uncertainty_kn)}`,
        })),
        (ms) => formatShortDate(ms, timeZone),
      ),
    [series, timeZone],
  );
  const xDomain = extent(stops.map((s) => s.x));
  const values = points.flatMap((p) => (p.y === null ? [] : [p.y]));
  const yExtent = extent([...values, ...guides.map((g) => g.kn)]);
  if (!xDomain || !yExtent || values.length < 2) return null;
  const colour = lineColour(0);
  return (
    <TimeChart
      title={`Tension of ${series.sensor_id}, window by window; a gap where fewer than three harmonics were found`}
      yLabel="Tension (kN)"
      xDomain={xDomain}
      yDomain={padDomain(yExtent)}
      stops={stops}
      height={180}
      formatX={(ms) => formatShortDate(ms, timeZone)}
      timeZone={timeZone}
      legend={
        <ChartLegend
          entries={[
            { label: 'Tension', colour },
            ...guides.map((g) => ({ label: g.label, colour: g.colour, dashed: true })),
          ]}
        />
      }
    >
      {({ x, y }) => (
        <>
          {guides.map((g) => (
            <line
              key={g.label}
              data-guide={g.label}
              x1={x(xDomain[0])}
              x2={x(xDomain[1])}
              y1={y(g.kn)}
              y2={y(g.kn)}
              stroke={g.colour}
              strokeDasharray="4 3"
              strokeWidth={1}
            />
          ))}
          <path
            data-line="Tension"
            d={linePath(points, x, y)}
            fill="none"
            stroke={colour}
            strokeWidth={1.5}
          />
        </>
      )}
    </TimeChart>
  );
}

/**
 * How the latest tension was found, in the words of decision 079: the bending-stiffness
 * correction only where the cable's EI is set (else the harmonics' own fit), and a fundamental
 * inferred from its harmonics when the window held no peak at it (a one-minute record).
 */
function methodText(
  latest: NonNullable<CableTensionSeries['latest']>,
  cable: CableTensionSeries['cable'],
): string {
  const from =
    latest.fundamental_hz === null
      ? `From ${latest.harmonics} harmonics, the fundamental inferred from them as no peak stood at it in this window`
      : `From ${latest.harmonics} harmonics of ${latest.fundamental_hz.toFixed(3)} Hz`;
  const method =
    cable.bending_stiffness_nm2 == null
      ? 'taut string, the bending stiffness fitted from the harmonics'
      : 'taut string with the bending-stiffness correction';
  return `${from} (${method}); ± is the standard error.`;
}

function CableSection({ series }: { series: CableTensionSeries }) {
  const { timeZone } = useDisplaySettings();
  const { latest } = series;
  const newest = series.history.at(-1);
  const headingId = `cable-${series.sensor}-title`;
  return (
    <section className={cardStyles.detail} aria-labelledby={headingId}>
      <h3 id={headingId} className={cardStyles.detailTitle}>
        {series.sensor_id}
        {series.stream_id ? ` (stream ${series.stream_id})` : ''}
      </h3>
      <p className={cardStyles.muted}>{cableText(series.cable)}</p>
      <dl className={cardStyles.figures}>
        <div>
          <dt className={cardStyles.figureLabel}>Latest tension</dt>
          <dd className={cardStyles.figureValue}>
            {latest && latest.tension_kn !== null
              ? tensionText(latest.tension_kn, latest.uncertainty_kn)
              : '—'}
          </dd>
        </div>
        <div>
          <dt className={cardStyles.figureLabel}>Window</dt>
          <dd className={cardStyles.figureValue}>
            {latest ? formatInstant(latest.window_start, timeZone) : '—'}
          </dd>
        </div>
        <div>
          <dt className={cardStyles.figureLabel}>Limits</dt>
          <dd className={cardStyles.figureValue}>
            {limitsText(series.cable, series.reference_tension_kn)}
          </dd>
        </div>
      </dl>
      {!newest && (
        <p className={cardStyles.muted}>
          No tension estimated yet: each evaluation estimates it from the newest 10-minute windows
          of the accelerometer.
        </p>
      )}
      {newest && newest.tension_kn === null && (
        <p className={cardStyles.muted}>
          Newest window ({formatInstant(newest.window_start, timeZone)}): no tension, {newest.note}.
        </p>
      )}
      {latest && latest.tension_kn !== null && (
        <p className={cardStyles.muted}>{methodText(latest, series.cable)}</p>
      )}
      <TensionChart series={series} />
    </section>
  );
}

/**
 * Issue 31, decision 079: the tension of each stay or hanger carrying an accelerometer,
 * estimated from the harmonic series of its spectrum on every evaluation, with its limits. A
 * bridge with no sensor on a cable shows no card; the card appears once the answer is in
 * rather than as a spinner on every bridge.
 */
export function CableTensionCard({ bridgeId }: { bridgeId: number }) {
  const query = useQuery(dashboardQueries.cableTensions(useApi(), bridgeId));
  const cables = query.data?.cables ?? [];
  if (cables.length === 0) return null;
  return (
    <section className={cardStyles.card} aria-labelledby="cable-tension-title">
      <h2 id="cable-tension-title" className={cardStyles.title}>
        Cable tension
      </h2>
      <UpdatedAt at={query.dataUpdatedAt} />
      {cables.map((series) => (
        <CableSection key={series.sensor} series={series} />
      ))}
    </section>
  );
}
