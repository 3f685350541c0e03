import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  companySsoQueryOptions,
  listCompaniesQueryOptions,
  saveCompanySsoMutationOptions,
} from '../../api/queries/company-sso';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import * as styles from './sso-settings.css';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { useNotify } from '../../ui/use-notify';
import { SSO_SAVED } from './sso-settings-form';
import { SsoSettingsEditor } from './sso-settings-editor';

/** Who is looking: platform staff choose any company (their own first), an administrator has its own. */
export interface SsoViewer {
  isStaff: boolean;
  companyId: number;
  company: string;
}

const FORM_ID = 'single-sign-on-form';

/**
 * A company's single sign-on (issue 33, decision 054): its OpenID Connect provider, the email
 * domains that sign in through it and whether it is on. Opened from User Management, which
 * only staff and company administrators reach; the server limits an administrator to its own
 * company. A dialog there rather than a route of its own: a route would grow the landing
 * page's bundle (the route tree is in the entry), a dialog rides in the users page's chunk.
 */
export function SsoSettingsDialog({ viewer, onClose }: { viewer: SsoViewer; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const [companyId, setCompanyId] = useState(viewer.companyId);
  const stored = useQuery(companySsoQueryOptions(api, companyId));
  const save = useMutation(saveCompanySsoMutationOptions(api, useQueryClient(), companyId));
  const failure = useFailureNotice(stored.isError ? stored.error.message : undefined, {
    as: 'banner',
  });
  const choose = (chosen: number) => {
    save.reset();
    setCompanyId(chosen);
  };

  return (
    <Modal
      title="Single sign-on"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form={FORM_ID}
          busy={save.isPending}
          disabled={!stored.data}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <p className={styles.note}>
        Let your company&apos;s people sign in to SpanWatch through your identity provider. Everyone
        keeps their password sign-in.
      </p>
      {viewer.isStaff ? (
        <CompanyChooser companyId={companyId} own={viewer} onChoose={choose} />
      ) : (
        <p className={styles.note}>Company: {viewer.company}</p>
      )}
      {stored.isPending && <p className={styles.note}>Loading the settings…</p>}
      {failure}
      {stored.data && (
        <SsoSettingsEditor
          key={companyId}
          formId={FORM_ID}
          stored={stored.data}
          save={save}
          onSaved={() => {
            notify('success', SSO_SAVED);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** Staff's choice among every company, their own listed while the list loads. */
function CompanyChooser(props: {
  companyId: number;
  own: SsoViewer;
  onChoose: (companyId: number) => void;
}) {
  const listed = useQuery(listCompaniesQueryOptions(useApi()));
  const companies = new Map([[props.own.companyId, props.own.company]]);
  for (const company of listed.data ?? []) companies.set(company.id, company.name);
  const options = [...companies]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <SelectField
      label="Company"
      value={String(props.companyId)}
      options={options}
      onChange={(event) => props.onChoose(Number(event.target.value))}
    />
  );
}
