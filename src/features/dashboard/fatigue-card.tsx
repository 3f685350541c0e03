import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useApi } from '../../api/api-context';
import type { FatigueDetailStatus } from '../../api/queries/fatigue';
import { damageLevelReached, damageText } from '../../../domain/fatigue-alerts';
import { vars } from '../../styles/theme.css';
import { useWidth } from '../../ui/chart/use-width';
import { useDisplaySettings } from '../../ui/display-settings';
import { stressText } from '../../../domain/units';
import { Spinner } from '../../ui/spinner';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './fatigue-card.css';
import { coverageFigures, FatigueCoverageNotes } from './fatigue-coverage';
import { FatigueRateChart } from './fatigue-rate-chart';
import { UpdatedAt } from './when';

const HEIGHT = 160;

const lifeText = (status: FatigueDetailStatus) => {
  const life = status.remaining_life_365 ?? status.remaining_life;
  if (!life) return 'No data yet';
  if (life.years === null) return 'No damage accumulating';
  return `${life.years < 10 ? life.years.toFixed(1) : Math.round(life.years).toLocaleString('en-CA')} years`;
};

/** Stress-range histogram: bars per range, cycles on a log scale (they span many decades). */

/**
 * The days read beside the hours they gave: a faulty gauge's days are all read and all left
 * out, and "30" beside "0 of 720 h monitored" read as a contradiction on the demo's card.
 */
const daysCountedText = (status: FatigueDetailStatus): string =>
  status.coverage?.monitored_hours === 0 && status.days_with_data > 0
    ? `${status.days_with_data}, no monitored hour`
    : String(status.days_with_data);

function HistogramChart({ status, width }: { status: FatigueDetailStatus; width: number }) {
  const { units } = useDisplaySettings();
  const bins = status.histogram.bins;
  if (bins.length === 0) return <p className={styles.muted}>No counted cycles yet.</p>;
  const maxRange = Math.max(...bins.map((b) => b[0] ?? 0));
  const maxLog = Math.max(1, ...bins.map((b) => Math.log10(1 + (b[1] ?? 0))));
  const barWidth = Math.max(1, (width / (maxRange / status.histogram.bin_width_mpa + 1)) * 0.9);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${HEIGHT + 20}`}
      role="img"
      aria-label={`Stress-range histogram of ${status.detail.name}: ranges up to ${stressText(maxRange, units)}`}
    >
      {bins.map(([range = 0, cycles = 0]) => {
        const h = (Math.log10(1 + cycles) / maxLog) * HEIGHT;
        return (
          <rect
            key={range}
            x={(range / maxRange) * (width - barWidth)}
            y={HEIGHT - h}
            width={barWidth}
            height={h}
            fill={vars.color.brand}
          />
        );
      })}
      <text x={0} y={HEIGHT + 16} fontSize={12} fill={vars.color.textMuted}>
        {stressText(0, units)}
      </text>
      <text x={width} y={HEIGHT + 16} fontSize={12} textAnchor="end" fill={vars.color.textMuted}>
        {stressText(maxRange, units)} (cycles on a log scale)
      </text>
    </svg>
  );
}

const SCALE_HEIGHT = 28;

/**
 * Cumulative D on a 0 to 1 scale with the detail's two alert levels marked (issue 19), and the
 * same words the alert uses once a level is reached.
 */
function DamageScale({ status, width }: { status: FatigueDetailStatus; width: number }) {
  const { damage } = status;
  const high = status.detail.alert_damage_high;
  const critical = status.detail.alert_damage_critical;
  const reached = damageLevelReached(damage, {
    alertDamageHigh: high,
    alertDamageCritical: critical,
  });
  const fill =
    reached?.severity === 'Critical'
      ? vars.color.danger
      : reached
        ? vars.condition.poor
        : vars.color.brand;
  const x = (d: number) => Math.min(1, Math.max(0, d)) * width;
  const levels: [number, string, string][] = [
    [high, 'High', vars.condition.poor],
    [critical, 'Critical', vars.color.danger],
  ];
  return (
    <div>
      <svg
        className={styles.scale}
        viewBox={`0 0 ${width} ${SCALE_HEIGHT + 16}`}
        role="img"
        aria-label={`Cumulative damage ${damageText(damage)} of 1, alert levels ${high} (High) and ${critical} (Critical)`}
      >
        <rect x={0} y={4} width={width} height={SCALE_HEIGHT - 8} fill={vars.color.surfaceRaised} />
        <rect
          data-testid="damage-fill"
          x={0}
          y={4}
          width={x(damage)}
          height={SCALE_HEIGHT - 8}
          fill={fill}
        />
        {levels.map(([level, name, colour]) => (
          <g key={name}>
            <line
              x1={x(level)}
              x2={x(level)}
              y1={0}
              y2={SCALE_HEIGHT}
              stroke={colour}
              strokeWidth={3}
            />
            <text
              x={x(level)}
              y={SCALE_HEIGHT + 14}
              fontSize={12}
              textAnchor="middle"
              fill={vars.color.textMuted}
            >
              {level}
            </text>
          </g>
        ))}
      </svg>
      <p className={styles.muted}>
        {reached
          ? `${reached.severity}: cumulative damage has reached the ${reached.level} level`
          : `Below the alert levels: High at ${high}, Critical at ${critical}`}
      </p>
    </div>
  );
}

function DetailFigures({ status }: { status: FatigueDetailStatus }) {
  // The charts are drawn at the width they are shown at, so their 12 px labels stay 12 px on a
  // phone (scaled from a fixed 600 px drawing they were about 6 px tall, issue 36).
  const sectionRef = useRef<HTMLElement>(null);
  const width = useWidth(sectionRef);
  const { units } = useDisplaySettings();
  const figures: [string, string][] = [
    // Small D reads best in powers of ten, D near a level as a plain fraction.
    [
      'Damage D',
      status.damage >= 0.01 ? damageText(status.damage) : status.damage.toExponential(2),
    ],
    ['Remaining life', lifeText(status)],
    ['Δσ at 2 million cycles', stressText(status.equivalent_range_mpa, units)],
    ['Days counted', daysCountedText(status)],
    ...coverageFigures(status),
  ];
  if (status.detail.prior_damage > 0) {
    figures.splice(1, 0, ['Of it before monitoring D₀', damageText(status.detail.prior_damage)]);
  }
  return (
    <section
      ref={sectionRef}
      className={styles.detail}
      // Named with its gauge too: a detail type is often watched on several gauges of a bridge.
      aria-label={`Fatigue of ${status.detail.name} on ${status.sensor_label}`}
    >
      <h3 className={styles.detailTitle}>
        {[
          status.detail.name,
          status.sensor_label,
          status.detail.material,
          status.detail.curve,
        ].join(' · ')}
      </h3>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className={styles.figureLabel}>{label}</dt>
            <dd className={styles.figureValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <FatigueCoverageNotes status={status} />
      <DamageScale status={status} width={width} />
      <FatigueRateChart status={status} width={width} />
      <HistogramChart status={status} width={width} />
    </section>
  );
}

/** Issue 19: per fatigue detail its damage, remaining life and stress-range histogram. */
export function FatigueCard({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const fatigue = useQuery(dashboardQueries.fatigue(api, bridgeId));
  // A bridge without details shows no card: most bridges have no strain gauge to watch.
  if (fatigue.isSuccess && fatigue.data.details.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="fatigue-title">
      <h2 id="fatigue-title" className={styles.title}>
        Fatigue
      </h2>
      <UpdatedAt at={fatigue.dataUpdatedAt} />
      {fatigue.isPending && <Spinner label="Loading fatigue" />}
      {fatigue.isError && <p className={styles.muted}>Fatigue could not be loaded.</p>}
      {fatigue.data?.details.map((status) => (
        <DetailFigures key={status.detail.sensor} status={status} />
      ))}
    </section>
  );
}
