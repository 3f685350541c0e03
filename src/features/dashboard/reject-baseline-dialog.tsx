import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { REJECTION_REASON_MAX_LENGTH } from '../../../domain/baseline-rejection';
import { useApi } from '../../api/api-context';
import { rejectBaselineMutationOptions } from '../../api/mutations/baselines';
import { withEffects } from '../../api/mutations/with-effects';
import { DialogActions } from '../../ui/dialog-actions';
import { TextAreaField } from '../../ui/text-area-field';
import { Modal } from '../../ui/modal';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import * as styles from './dashboard.css';

export const REASON_REQUIRED = 'Reason is required: say why this version must not be the reference';

interface RejectBaselineDialogProps {
  bridgeId: number;
  version: number;
  onClose: () => void;
}

/**
 * Rejecting a proposed reference needs a reason, so the bridge's history says why the analysis
 * goes on with the active version (issue 29); nothing is sent until the engineer confirms.
 */
export function RejectBaselineDialog({ bridgeId, version, onClose }: RejectBaselineDialogProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields({ reason: '' });
  const formId = useId();
  const reject = useMutation(
    withEffects(rejectBaselineMutationOptions(api, queryClient, bridgeId), {
      onSuccess: (v) => {
        notify('success', `Version ${v.version} is rejected`);
        onClose();
      },
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = values.reason.trim();
    if (reason === '') return setErrors({ reason: REASON_REQUIRED });
    setErrors({});
    reject.mutate({ version, reason });
  };

  return (
    <Modal
      title={`Reject version ${version}`}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          label={`Reject version ${version}`}
          busyLabel="Rejecting..."
          busy={reject.isPending}
          form={formId}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.ackForm}>
        <p className={styles.muted}>
          The active version goes on as the reference; the next training may propose again.
        </p>
        <TextAreaField
          label="Reason (required)"
          error={errors.reason}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          required
          value={values.reason}
          onChange={(event) => set('reason', event.target.value)}
        />
      </form>
    </Modal>
  );
}
