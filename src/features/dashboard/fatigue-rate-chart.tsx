import type { FatigueDetailStatus } from '../../api/queries/fatigue';
import { linearScale, niceTicks } from '../../../domain/chart-scale';
import { vars } from '../../styles/theme.css';
import * as styles from './fatigue-card.css';

const HEIGHT = 140;
const LEFT = 64;
const BOTTOM = 22;
// A month name ('Nov 2026') at 12 px and the space around it.
const PX_PER_MONTH_LABEL = 72;

const monthName = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 26' for '2026-11', in the reader's locale. */
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** Monthly damage is small (10⁻⁶ to 10⁻³): powers of ten read better than long decimals. */
const damageTick = (d: number) => (d === 0 ? '0' : d.toExponential(1));

/**
 * Miner damage added in each calendar month (issue 19): how fast the detail uses its life, and
 * whether that is changing. A month only partly monitored shows what was counted in it.
 */
export function FatigueRateChart({
  status,
  width,
}: {
  status: FatigueDetailStatus;
  /** The width it is shown at, in CSS pixels: it is drawn at that size. */
  width: number;
}) {
  const months = status.monthly_damage;
  if (months.length === 0) return null;
  const top = Math.max(...months.map((m) => m.damage));
  const ticks = top > 0 ? niceTicks([0, top], 3) : [0];
  const yMax = Math.max(top, ticks[ticks.length - 1] ?? 0) || 1;
  const y = linearScale([0, yMax], [HEIGHT, 8]);
  const slot = (width - LEFT) / months.length;
  const barWidth = Math.min(48, slot * 0.7);
  const latest = months[months.length - 1];
  // As many month names as fit side by side; beyond that every n-th is named.
  const fit = Math.max(1, Math.floor((width - LEFT) / PX_PER_MONTH_LABEL));
  const labelEvery = Math.ceil(months.length / fit);
  return (
    <figure className={styles.rateFigure}>
      <figcaption className={styles.muted}>Damage added per month (Miner D)</figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT + BOTTOM}`}
        role="img"
        aria-label={`Damage per month of ${status.detail.name}: ${months.length} ${
          months.length === 1 ? 'month' : 'months'
        }, latest ${latest ? `${monthLabel(latest.month)} ${damageTick(latest.damage)}` : ''}`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={width} y1={y(tick)} y2={y(tick)} stroke={vars.color.border} />
            <text
              x={LEFT - 6}
              y={y(tick) + 4}
              fontSize={12}
              textAnchor="end"
              fill={vars.color.textMuted}
            >
              {damageTick(tick)}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={m.month}>
              <rect
                data-testid="month-bar"
                x={x}
                y={y(m.damage)}
                width={barWidth}
                height={HEIGHT - y(m.damage)}
                fill={vars.color.brand}
              >
                <title>{`${monthLabel(m.month)}: D ${damageTick(m.damage)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT + 16}
                  fontSize={12}
                  textAnchor="middle"
                  fill={vars.color.textMuted}
                >
                  {monthLabel(m.month)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
