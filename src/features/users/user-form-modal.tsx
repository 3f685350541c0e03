import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { saveUserMutationOptions } from '../../api/mutations/users';
import { withEffects } from '../../api/mutations/with-effects';
import type { User } from '../../api/queries/users';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import {
  type UserFormValues,
  createUserBody,
  emptyUserForm,
  updateUserBody,
  validateUserForm,
} from './user-form';
import { USER_TOASTS } from './user-messages';
import { DialogActions } from '../../ui/dialog-actions';

export interface UserFormModalProps {
  /** The user to edit; absent to create one. */
  user?: User;
  onClose: () => void;
}

const FIELDS: { name: keyof UserFormValues; label: string; type?: string; createOnly?: boolean }[] =
  [
    { name: 'username', label: 'Username' },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'password', label: 'Password', type: 'password', createOnly: true },
    { name: 'company', label: 'Company' },
    { name: 'companyUsername', label: 'CompanyUsername' },
    { name: 'companyPassword', label: 'CompanyPassword', type: 'password' },
    { name: 'address', label: 'Address' },
  ];

export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(emptyUserForm(user));

  const save = useMutation(
    withEffects(saveUserMutationOptions(api, queryClient), {
      onSuccess: () => {
        notify('success', user ? USER_TOASTS.updated : USER_TOASTS.created);
        onClose();
      },
      onError: () => notify('error', USER_TOASTS.saveFailed),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserForm(values, user);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      user
        ? { kind: 'update', id: user.id, body: updateUserBody(values) }
        : { kind: 'create', body: createUserBody(values) },
    );
  };

  const formId = user ? `user-form-${user.id}` : 'user-form-new';
  return (
    <Modal
      title={user ? 'Edit User' : 'Add User'}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form={formId}
          busy={save.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id={formId} className={stack} noValidate onSubmit={submit}>
        {FIELDS.filter((f) => !(f.createOnly && user)).map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.type === 'password' ? 'new-password' : 'off'}
            placeholder={
              field.name === 'companyPassword' && user?.has_company_password
                ? 'Stored; leave blank to keep it'
                : undefined
            }
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(e) => set(field.name, e.target.value)}
          />
        ))}
      </form>
    </Modal>
  );
}
