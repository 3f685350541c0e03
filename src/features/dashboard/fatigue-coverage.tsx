import type { FatigueDetailStatus } from '../../api/queries/fatigue';
import * as styles from './fatigue-card.css';

const percent = (share: number) => `${Number((share * 100).toPrecision(3))} %`;
const hours = (h: number) => Math.round(h).toLocaleString('en-CA');

/** Figures of coverage for the card's list: share monitored and damage per monitored hour. */
export function coverageFigures(status: FatigueDetailStatus): [string, string][] {
  const coverage = status.coverage;
  if (!coverage) return [];
  return [
    [
      'Monitored',
      `${percent(coverage.monitored_share)} (${hours(coverage.monitored_hours)} of ${hours(coverage.period_hours)} h)`,
    ],
    [
      'Damage per monitored hour',
      coverage.damage_per_monitored_hour === null
        ? 'No monitored hour'
        : coverage.damage_per_monitored_hour.toExponential(2),
    ],
  ];
}

/**
 * Decision 045: the rate check's warning, what was counted, the curve and the basis of the
 * remaining life, in the words the report uses.
 */
export function FatigueCoverageNotes({ status }: { status: FatigueDetailStatus }) {
  const warning = status.rate_check?.warning;
  return (
    <>
      {warning && (
        <p className={styles.rateWarning} role="note" aria-label="Sampling rate warning">
          {warning}. {status.rate_check?.rule}.
        </p>
      )}
      {status.curve && <p className={styles.basis}>Curve: {status.curve.text}</p>}
      {status.counting && <p className={styles.basis}>{status.counting.text}</p>}
      {status.life_basis && <p className={styles.basis}>{status.life_basis}</p>}
    </>
  );
}
