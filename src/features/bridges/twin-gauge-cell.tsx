import type { StreamTwin } from '../../api/queries/stream-twins';
import { DISAGREEMENT_CONSEQUENCE, disagreeingPair } from '../../../domain/twin-disagreement';
import { formatInstant, formatUtc } from '../../../domain/formats';
import * as styles from './bridges-page.css';

/**
 * A twin gauge in the dashboard's words (decision 074): 'Twin gauge of <other>: the two agree.'
 * or, while a stored episode has the pair disagreeing, the pair, its onset and what to do.
 */
export function twinGaugeText(
  streamId: string,
  twin: StreamTwin,
  zone: string | undefined,
): string {
  if (twin.disagreeingSince === null) return `Twin gauge of ${twin.streamId}: the two agree.`;
  return (
    `Twin gauge of ${twin.streamId}. ${disagreeingPair([streamId, twin.streamId])} since ` +
    `${formatInstant(twin.disagreeingSince, zone)}: ${DISAGREEMENT_CONSEQUENCE}.`
  );
}

/** The data streams table's Twin gauge cell: nothing for a stream without a twin. */
export function TwinGaugeCell({
  streamId,
  twins,
  zone,
}: {
  streamId: string;
  twins: readonly StreamTwin[];
  zone: string | undefined;
}) {
  if (twins.length === 0) return null;
  return (
    <ul className={styles.twinList} aria-label={`Twin gauges of ${streamId}`}>
      {twins.map((twin) => (
        <li key={twin.streamId}>
          {twin.disagreeingSince === null ? (
            twinGaugeText(streamId, twin, zone)
          ) : (
            <>
              Twin gauge of {twin.streamId}.{' '}
              <span className={styles.twinWarning}>
                {disagreeingPair([streamId, twin.streamId])} since{' '}
                <time dateTime={twin.disagreeingSince} title={formatUtc(twin.disagreeingSince)}>
                  {formatInstant(twin.disagreeingSince, zone)}
                </time>
              </span>
              : {DISAGREEMENT_CONSEQUENCE}.
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
