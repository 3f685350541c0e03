import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { changeCredentialsMutationOptions } from '../../api/mutations/users';
import { withEffects } from '../../api/mutations/with-effects';
import { isApiError } from '../../../domain/api-error';
import type { CurrentUser } from '../../api/session';
import {
  ACCOUNT_UPDATED,
  type CredentialsFields,
  EMPTY_CREDENTIALS,
  credentialsChangeBody,
  credentialsErrorFromServer,
  validateCredentialsChange,
} from '../../../domain/credentials-change';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import { DialogActions } from '../../ui/dialog-actions';
import { useFormFields } from '../../ui/use-form-fields';
import { useFailureNotice } from '../../ui/use-failure-notice';

export interface ChangeCredentialsDialogProps {
  user: CurrentUser;
  /** The server's answer: the user as now stored. */
  onChanged: (user: CurrentUser) => void;
  onClose: () => void;
}

const FIELDS: { name: keyof CredentialsFields; label: string; type: string; auto: string }[] = [
  { name: 'email', label: 'New email', type: 'email', auto: 'email' },
  { name: 'password', label: 'New password', type: 'password', auto: 'new-password' },
  {
    name: 'confirmPassword',
    label: 'Confirm new password',
    type: 'password',
    auto: 'new-password',
  },
  {
    name: 'currentPassword',
    label: 'Current password',
    type: 'password',
    auto: 'current-password',
  },
];

/**
 * Issue 13: a new email or password only with the current one; the server then ends every
 * other session of the account. A new password is typed twice; the server's refusals are shown,
 * as sentences, on the field they name.
 */
export function ChangeCredentialsDialog({
  user,
  onChanged,
  onClose,
}: ChangeCredentialsDialogProps) {
  const api = useApi();
  const notify = useNotify();
  const { values: fields, errors, setErrors, set } = useFormFields(EMPTY_CREDENTIALS);

  const save = useMutation(
    withEffects(changeCredentialsMutationOptions(api, user.id), {
      onSuccess: (updated) => {
        notify('success', ACCOUNT_UPDATED);
        onChanged(updated);
        onClose();
      },
      onError: (error) =>
        setErrors(credentialsErrorFromServer(isApiError(error) ? error.detail : undefined)),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCredentialsChange(fields, user.email);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(credentialsChangeBody(fields, user.email));
  };

  const formFailure = useFailureNotice(errors.form, { as: 'banner' });
  return (
    <Modal
      title="Change email or password"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="change-credentials"
          busy={save.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="change-credentials" className={stack} noValidate onSubmit={submit}>
        {formFailure}
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.auto}
            value={fields[field.name]}
            error={errors[field.name]}
            onChange={(e) => set(field.name, e.target.value)}
          />
        ))}
      </form>
    </Modal>
  );
}
