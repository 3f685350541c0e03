import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { ModeFrequencyShift } from '../../api/queries/frequency-shift';
import { formatDate } from '../../../domain/formats';
import { useDisplaySettings } from '../../ui/display-settings';

import { shiftLineName } from '../../../domain/reference-shift';
import { Spinner } from '../../ui/spinner';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './fatigue-card.css';
import { FrequencyShiftChart, shiftLines } from './frequency-shift-chart';
import { UpdatedAt } from './when';

const signed = (value: number) =>
  `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(1)} %`;

/** One line's latched level in words: 'crossed amber on 3 Jun 2026', or its present shift. */
function levelText(mode: ModeFrequencyShift, zone: string | undefined): string {
  const name = shiftLineName(mode.feature);
  const now =
    mode.estimate_percent === null
      ? 'too few windows in the last day to say'
      : `${signed(mode.estimate_percent)}${mode.uncertainty_percent === null ? '' : ` ± ${mode.uncertainty_percent.toFixed(1)} %`} over the last day`;
  if (mode.level === 'none') return `${name}: ${now}, within the trigger levels`;
  const since = mode.crossed_at === null ? '' : ` on ${formatDate(mode.crossed_at, zone)}`;
  return `${name}: ${now}; ${mode.level} level crossed${since}, held until the shift comes back, a maintenance is recorded or a new reference is accepted`;
}

/**
 * Decision 051: each tracked mode's temperature-compensated frequency against the accepted
 * reference, every evaluated window, and the modes' mean (the direction a uniform loss of
 * stiffness moves), with the trigger levels drawn and each line's latched level in words.
 */
export function FrequencyShiftCard({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const { timeZone } = useDisplaySettings();
  const shift = useQuery(dashboardQueries.frequencyShift(api, bridgeId));
  const series = shift.data;
  const lines = series ? shiftLines(series) : [];
  const hasPoints = lines.some((m) => m.points.length > 0);
  return (
    <section className={styles.card} aria-labelledby="frequency-shift-title">
      <h2 id="frequency-shift-title" className={styles.title}>
        Frequency shift since commissioning
      </h2>
      <UpdatedAt at={shift.dataUpdatedAt} />
      {shift.isPending && <Spinner label="Loading the frequency shift" />}
      {shift.isError && <p className={styles.muted}>The frequency shift could not be loaded.</p>}
      {series && series.reference_version !== null && (
        <p className={styles.muted}>
          Against reference version {series.reference_version}
          {series.reference_accepted_at === null
            ? ''
            : `, accepted on ${formatDate(series.reference_accepted_at, timeZone)}`}
          ; each point averages {series.bucket_minutes} minutes of windows, ± one standard
          uncertainty.
        </p>
      )}
      {series && !hasPoints && (
        <p className={styles.muted}>
          No shift yet: it is measured once the bridge has an accepted reference with tracked modes
          and a window has been analysed against it.
        </p>
      )}
      {series && hasPoints && <FrequencyShiftChart series={series} />}
      {lines.length > 0 && (
        <ul aria-label="Trigger levels per mode">
          {lines.map((m) => (
            <li key={m.feature}>{levelText(m, timeZone)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
