import type { UseMutationResult } from '@tanstack/react-query';
import {
  type CompanyLimits,
  type CompanyLimitsUpdate,
  companyLimitsQueryOptions,
  saveCompanyLimitsMutationOptions,
} from '../../api/queries/company-limits';
import { Button } from '../../ui/button';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import { type CompanyViewer, CompanyChooser } from '../../ui/company/company-chooser';
import { useCompanyForm } from './use-company-form';
import { useCompanySettings } from './use-company-settings';
import {
  LIMIT_FIELDS,
  LIMIT_LABELS,
  LIMITS_SAVED,
  limitsFormValuesOf,
  limitsUpdateOf,
  usageOf,
} from './limits-form';
import * as styles from '../../ui/company/company-form.css';

const FORM_ID = 'company-limits-form';

/**
 * A company's limits (issue 33, decision 058): platform staff set them for any company; a
 * company administrator sees its own beside what it uses, since they are what it pays for.
 */
export function LimitsDialog({ viewer, onClose }: { viewer: CompanyViewer; onClose: () => void }) {
  const notify = useNotify();
  const { companyId, choose, stored, save, failure } = useCompanySettings(viewer, {
    read: companyLimitsQueryOptions,
    write: saveCompanyLimitsMutationOptions,
  });

  return (
    <Modal
      title="Company limits"
      onClose={onClose}
      actions={
        viewer.isStaff ? (
          <DialogActions
            onCancel={onClose}
            form={FORM_ID}
            busy={save.isPending}
            disabled={!stored.data}
            label="Save"
            busyLabel="Saving..."
          />
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {viewer.isStaff ? (
        <CompanyChooser companyId={companyId} own={viewer} onChoose={choose} />
      ) : (
        <p className={styles.note}>Company: {viewer.company}</p>
      )}
      {stored.isPending && <p className={styles.note}>Loading the limits…</p>}
      {failure}
      {stored.data && <Usage limits={stored.data} />}
      {stored.data &&
        (viewer.isStaff ? (
          <LimitsEditor
            key={companyId}
            stored={stored.data}
            save={save}
            onSaved={() => {
              notify('success', LIMITS_SAVED);
              onClose();
            }}
          />
        ) : (
          <p className={styles.note}>Platform staff set these limits; ask them to change one.</p>
        ))}
    </Modal>
  );
}

function Usage({ limits }: { limits: CompanyLimits }) {
  const rate = limits.ingest_samples_per_minute;
  return (
    <dl className={styles.form}>
      <div>
        <dt className={styles.heading}>Bridges</dt>
        <dd>{usageOf(limits.bridges, limits.max_bridges)}</dd>
      </div>
      <div>
        <dt className={styles.heading}>Data streams</dt>
        <dd>{usageOf(limits.datastreams, limits.max_datastreams)}</dd>
      </div>
      <div>
        <dt className={styles.heading}>Ingest rate</dt>
        <dd>
          {rate === null
            ? 'No limit'
            : `${rate.toLocaleString('en-CA')} samples a minute through the company's gateways`}
        </dd>
      </div>
    </dl>
  );
}

function LimitsEditor({
  stored,
  save,
  onSaved,
}: {
  stored: CompanyLimits;
  save: UseMutationResult<CompanyLimits, Error, CompanyLimitsUpdate>;
  onSaved: () => void;
}) {
  const { values, errorOf, change, submit, failure } = useCompanyForm({
    initial: () => limitsFormValuesOf(stored),
    fields: LIMIT_FIELDS,
    parse: limitsUpdateOf,
    save,
    onSaved,
  });

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate className={styles.form}>
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Limits</legend>
        <p className={styles.note}>
          Leave a field empty for no limit. A company over a lowered limit keeps what it has; new
          bridges or data streams are refused until it is under it.
        </p>
        {LIMIT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={LIMIT_LABELS[field]}
            inputMode="numeric"
            placeholder="No limit"
            value={values[field]}
            error={errorOf(field)}
            onChange={(event) => change(field, event.target.value)}
          />
        ))}
      </fieldset>
      {failure}
    </form>
  );
}
