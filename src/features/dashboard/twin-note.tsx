import { DISAGREEMENT_CONSEQUENCE, disagreeingPair } from '../../../domain/twin-disagreement';
import * as styles from './dashboard.css';
import type { StreamTwin } from '../../api/queries/stream-twins';
import { When } from './when';

/**
 * On a stream's card, the other gauge of its co-located pair, and while the two disagree the
 * pair and its onset in the warning colour, in the words of the condition's 'Twin sensors' row
 * (decision 074). Nothing for a stream without a twin.
 */
export function TwinNote({ streamId, twins }: { streamId: string; twins: readonly StreamTwin[] }) {
  if (twins.length === 0) return null;
  return (
    <ul className={styles.disagreementList} aria-label={`Twin gauges of ${streamId}`}>
      {twins.map((twin) => (
        <li key={twin.streamId} className={styles.small}>
          {twin.disagreeingSince === null ? (
            <>Twin gauge of {twin.streamId}: the two agree.</>
          ) : (
            <>
              Twin gauge of {twin.streamId}.{' '}
              <span className={styles.warningText}>
                {disagreeingPair([streamId, twin.streamId])} since{' '}
                <When iso={twin.disagreeingSince} />
              </span>
              : {DISAGREEMENT_CONSEQUENCE}.
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
