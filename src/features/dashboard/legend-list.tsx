import { type Condition, type Threat, colourClass } from '../../../domain/health';
import * as styles from './dashboard.css';

// Spec §4 colour classes: what each colour on this screen means.
const ROWS: readonly { condition: Condition; threat: Threat }[] = [
  { condition: 'Good', threat: 'Low' },
  { condition: 'Fair', threat: 'Medium' },
  { condition: 'Poor', threat: 'High' },
  { condition: 'Critical', threat: 'Critical' },
];

export function LegendList() {
  return (
    <ul className={styles.list}>
      {ROWS.map(({ condition, threat }) => (
        <li key={condition}>
          <span className={`${styles.chip} ${styles.level[colourClass(condition)]}`}>
            {condition}
          </span>{' '}
          condition, {threat.toLowerCase()} threat
        </li>
      ))}
    </ul>
  );
}
