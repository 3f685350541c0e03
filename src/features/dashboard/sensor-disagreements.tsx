import type { AnomalyReport } from '../../api/queries/analytics';
import {
  DISAGREEMENT_CONSEQUENCE,
  disagreeingPair,
  disagreementFinding,
} from '../../../domain/twin-disagreement';
import * as styles from './dashboard.css';
import { When } from './when';

type Disagreement = NonNullable<AnomalyReport['sensor_disagreements']>[number];

/**
 * Twin gauges that disagree, in the Bridge Condition Index beside the trust line (decisions
 * 037, 068, 074): neither is counted faulty, so the trust line alone would call both believable.
 * Nothing when none disagree.
 */
export function SensorDisagreements({
  disagreements,
}: {
  disagreements: readonly Disagreement[] | undefined;
}) {
  if (!disagreements || disagreements.length === 0) return null;
  return (
    <>
      <dt>Twin sensors</dt>
      <dd>
        <ul className={styles.disagreementList} aria-label="Twin sensors that disagree">
          {disagreements.map((pair) => (
            <li key={pair.stream_ids.join(' ')}>
              <span className={styles.warningText}>
                {disagreeingPair(pair.stream_ids)} since <When iso={pair.since} />
              </span>
              : {DISAGREEMENT_CONSEQUENCE}.
              <p className={styles.small}>{disagreementFinding(pair.stream_ids, pair.detail)}</p>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
