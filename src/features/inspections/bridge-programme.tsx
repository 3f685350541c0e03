import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { inspectionProgrammeQueryOptions } from '../../api/queries/inspections';
import { INSPECTION_KIND_LABELS, INSPECTION_KINDS } from '../../../domain/inspection-regimes';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import * as styles from './inspections.css';
import { ProgrammeModal, REGIME_LABELS } from './programme-modal';
import { useFailureNotice } from '../../ui/use-failure-notice';

const monthsText = (months: number | null) =>
  months === null ? 'Not periodic' : `Every ${months} months`;

interface BridgeProgrammeProps {
  bridgeId: number;
  bridgeName: string;
  isStaff: boolean;
}

/** The chosen bridge's programme as it stands; staff change it in a dialog. */
export function BridgeProgramme({ bridgeId, bridgeName, isStaff }: BridgeProgrammeProps) {
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const programme = useQuery(inspectionProgrammeQueryOptions(api, bridgeId));
  const data = programme.data;

  const programmeFailure = useFailureNotice(programme.error?.message, { as: 'banner' });
  return (
    <section className={styles.section} aria-labelledby="inspection-programme-heading">
      <div className={styles.sectionHeader}>
        <h2 id="inspection-programme-heading" className={styles.heading}>
          Inspection programme
        </h2>
        {isStaff && data && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Change programme
          </Button>
        )}
      </div>
      {programme.isPending && <Spinner />}
      {programmeFailure}
      {data && (
        <>
          <p className={styles.note}>
            {data.stored ? '' : 'No programme set: the default applies. '}
            {data.source}
          </p>
          <dl className={styles.facts} aria-label={`Inspection programme of ${bridgeName}`}>
            {[
              ['Regime', REGIME_LABELS[data.regime]],
              ['Rating scale', data.rating_scale],
              ...INSPECTION_KINDS.map((kind) => [
                `${INSPECTION_KIND_LABELS[kind]} inspection`,
                monthsText(data.intervals[kind]),
              ]),
              ['Poor-condition factor', String(data.poor_condition_factor)],
              ['Due lead', `${data.due_lead_days} days`],
            ].map(([term, value]) => (
              <div key={term} className={styles.factRow}>
                <dt className={styles.factTerm}>{term}</dt>
                <dd className={styles.factValue}>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {editing && data && (
        <ProgrammeModal
          bridgeName={bridgeName}
          programme={data}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
}
