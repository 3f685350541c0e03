import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { acceptBaselineMutationOptions } from '../../api/mutations/baselines';
import { withEffects } from '../../api/mutations/with-effects';
import type { BaselineVersion } from '../../api/queries/baselines';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/use-notify';
import { dashboardQueries } from './dashboard-queries';
import { RejectBaselineDialog } from './reject-baseline-dialog';
import * as styles from './fatigue-card.css';
import { formatDate } from '../../../domain/formats';
import { featureText } from '../../../domain/feature-words';
import type { UnitSystem } from '../../../domain/company-settings';
import { quantityText } from '../../../domain/units';
import { modeVerdict } from '../../../domain/reference-allowance';
import { type DisplaySettings, useDisplaySettings } from '../../ui/display-settings';

/** A stored °C in the company's units (decision 064). */
const temperature = (v: number | null, units: UnitSystem): string =>
  v === null ? '?' : quantityText('temperature', v, units);

function coverage(version: BaselineVersion, { timeZone, units }: DisplaySettings): string {
  const temperatures =
    version.temperature_min_c === null && version.temperature_max_c === null
      ? 'no temperature'
      : `${temperature(version.temperature_min_c, units)} to ${temperature(version.temperature_max_c, units)}`;
  return `Learnt from ${formatDate(version.trained_from, timeZone)} to ${formatDate(version.trained_to, timeZone)} (${version.windows_used} windows, ${version.windows_excluded} left out), temperatures ${temperatures}`;
}

const acceptedBy = (version: BaselineVersion, zone: string | undefined) =>
  version.accepted_at === null
    ? ''
    : `, accepted ${version.accepted_by === null ? 'automatically' : 'by an engineer'} on ${formatDate(version.accepted_at, zone)}`;

/**
 * Each mode of a proposal against the version active when it was made: the shift and what the
 * acceptance rule made of it (decision 067, amended 2026-12-01): a small rise beyond the
 * uncertainty is accepted, so it is not written as an alarm. The allowance follows the bridge's
 * amber level, which the shift chart's series carries; null until it has loaded.
 */
function ModeChanges({ version, amber }: { version: BaselineVersion; amber: number | null }) {
  return (
    <ul aria-label={`Version ${version.version} against the active one`}>
      {version.modes.map((m) => (
        <li key={m.feature}>
          {featureText(m.feature)}: {m.mean_hz.toFixed(4)} ± {m.uncertainty_hz.toFixed(4)} Hz
          {m.shift_hz === null || m.en === null
            ? ', not compared'
            : `, ${m.shift_hz >= 0 ? '+' : ''}${m.shift_hz.toFixed(4)} Hz against the active (E_n ${m.en.toFixed(2)}, ${modeVerdict((100 * m.shift_hz) / (m.mean_hz - m.shift_hz), m.en, amber)})`}
        </li>
      ))}
    </ul>
  );
}

/** Proposals an engineer turned down, newest first, each with the reason given. */
function RejectedVersions({ versions }: { versions: readonly BaselineVersion[] }) {
  const { timeZone } = useDisplaySettings();
  if (versions.length === 0) return null;
  return (
    <ul aria-label="Rejected versions">
      {versions.map((v) => (
        <li key={v.version}>
          Version {v.version} was rejected
          {v.rejected_at === null ? '' : ` on ${formatDate(v.rejected_at, timeZone)}`}:{' '}
          {v.rejection_reason ?? ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The bridge's reference (decision 041): the active version's dates and temperature coverage,
 * a proposed one with what differs, which staff or the company's administrator may accept or
 * reject with a reason, and the versions rejected so far with theirs.
 */
export function BaselineCard({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const display = useDisplaySettings();
  const { user } = useRouteContext({ from: '/_signed-in' });
  const [rejecting, setRejecting] = useState<number | null>(null);
  const versions = useQuery(dashboardQueries.baselines(api, bridgeId));
  const shift = useQuery(dashboardQueries.frequencyShift(api, bridgeId));
  const accept = useMutation(
    withEffects(acceptBaselineMutationOptions(api, queryClient, bridgeId), {
      onSuccess: (v) => notify('success', `Version ${v.version} is now the reference`),
      onError: (error) => notify('error', error.message),
    }),
  );
  // Nothing trained yet: the analysis card already says the bridge is not assessed.
  if (!versions.data || versions.data.length === 0) return null;
  const active = versions.data.find((v) => v.status === 'active');
  const proposed = versions.data.find((v) => v.status === 'proposed');
  const rejected = versions.data.filter((v) => v.status === 'rejected');
  const mayAccept = user.is_staff || user.is_company_admin;
  return (
    <section className={styles.card} aria-labelledby="baseline-title">
      <h2 id="baseline-title" className={styles.title}>
        Baseline
      </h2>
      {active && (
        <p>
          Version {active.version} is the reference. {coverage(active, display)}
          {acceptedBy(active, display.timeZone)}.
        </p>
      )}
      {/* Why the rule made it the reference, with any drift since the confirmed version (decision 073). */}
      {active && <p>Why: {active.reason}.</p>}
      {proposed && (
        <section aria-label={`Proposed version ${proposed.version}`}>
          <p>
            Version {proposed.version} is proposed: {proposed.reason}. {coverage(proposed, display)}
            .
          </p>
          <ModeChanges version={proposed} amber={shift.data?.levels.amber_percent ?? null} />
          {mayAccept && (
            <Button
              type="button"
              disabled={accept.isPending}
              onClick={() => accept.mutate(proposed.version)}
            >
              Accept version {proposed.version}
            </Button>
          )}
          {mayAccept && (
            // Rejecting asks for the reason in a dialog; the active version stays.
            <Button
              type="button"
              variant="secondary"
              disabled={accept.isPending}
              onClick={() => setRejecting(proposed.version)}
            >
              Reject version {proposed.version}
            </Button>
          )}
        </section>
      )}
      <RejectedVersions versions={rejected} />
      {rejecting !== null && (
        <RejectBaselineDialog
          bridgeId={bridgeId}
          version={rejecting}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}
