import {
  type Condition,
  type HealthSummary,
  type Threat,
  colourClass,
} from '../../../domain/health';
import { formatCalendarDate } from '../../../domain/formats';
import { cardTable } from '../../ui/card-table.css';
import * as styles from './dashboard.css';

// Spec §4's table, top to bottom: what each condition means for threat, maintenance and score.
const ROWS: readonly {
  condition: Condition;
  threat: Threat;
  episodes: string;
  days: number;
  gauge: number;
}[] = [
  { condition: 'Good', threat: 'Low', episodes: '0', days: 180, gauge: 90 },
  { condition: 'Fair', threat: 'Medium', episodes: '1–2', days: 90, gauge: 75 },
  { condition: 'Poor', threat: 'High', episodes: '3–5', days: 30, gauge: 60 },
  { condition: 'Critical', threat: 'Critical', episodes: 'more than 5', days: 7, gauge: 60 },
];

/**
 * Spec §2's Bridge Condition Index System: the bridge's condition, next maintenance date and
 * threat, shown as the row it occupies in the whole index so the bands are explained with it.
 */
export function IndexSystemCard({ health }: { health: HealthSummary | null }) {
  return (
    <section className={styles.card} aria-labelledby="index-system-title">
      <h2 id="index-system-title" className={styles.cardTitle}>
        Bridge Condition Index System
      </h2>
      {health ? (
        <dl className={styles.facts}>
          <dt>Condition</dt>
          <dd>{health.condition}</dd>
          <dt>Next maintenance</dt>
          <dd>
            <time dateTime={health.nextMaintenance}>
              {formatCalendarDate(health.nextMaintenance)}
            </time>
          </dd>
          <dt>Threat</dt>
          <dd>{health.threat}</dd>
        </dl>
      ) : (
        <p className={styles.muted}>Placed in the index after the first assessment.</p>
      )}
      <table className={`${styles.indexTable} ${cardTable}`}>
        <caption className={styles.small}>Anomaly episodes in the evaluation period</caption>
        <thead>
          <tr>
            <th scope="col">Episodes</th>
            <th scope="col">Condition</th>
            <th scope="col">Threat</th>
            <th scope="col">Maintenance</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const current = health?.condition === row.condition;
            return (
              <tr
                key={row.condition}
                aria-current={current ? 'true' : undefined}
                className={current ? styles.currentRow : undefined}
              >
                <td data-label="Episodes">{row.episodes}</td>
                <td data-label="Condition">
                  <span className={`${styles.chip} ${styles.level[colourClass(row.condition)]}`}>
                    {row.condition}
                  </span>
                </td>
                <td data-label="Threat">{row.threat}</td>
                <td data-label="Maintenance">in {row.days} days</td>
                <td data-label="Score">{row.gauge}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
